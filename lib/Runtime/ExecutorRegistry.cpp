//===- ExecutorRegistry.cpp - executors by target name --------------------===//
#include "kfix/Runtime/ExecutorRegistry.h"

#include "llvm/ADT/StringMap.h"
#include <algorithm>

using namespace kfix;

static llvm::StringMap<ExecutorFactory> &factories() {
  static llvm::StringMap<ExecutorFactory> m;
  return m;
}

void kfix::registerExecutorFactory(llvm::StringRef target, ExecutorFactory factory) {
  factories()[target] = std::move(factory);
}

std::vector<std::string> kfix::registeredExecutors() {
  std::vector<std::string> out;
  for (const auto &kv : factories())
    out.push_back(kv.first().str());
  std::sort(out.begin(), out.end());
  return out;
}

std::unique_ptr<Executor> kfix::createExecutor(llvm::StringRef target, std::string &why) {
  auto &m = factories();
  if (target == "auto") {
    std::string cudaWhy;
    if (auto it = m.find("cuda"); it != m.end())
      if (auto e = it->second(cudaWhy))
        return e;
    if (auto it = m.find("cpu"); it != m.end())
      if (auto e = it->second(why))
        return e;
    why = "no executor available";
    if (!cudaWhy.empty())
      why += " (cuda: " + cudaWhy + ")";
    if (!m.count("cpu"))
      why += " (this kfix has no cpu executor)";
    return nullptr;
  }
  auto it = m.find(target);
  if (it == m.end()) {
    std::string known;
    for (const std::string &n : registeredExecutors())
      known += (known.empty() ? "" : ", ") + n;
    why = ("unknown or unavailable target '" + target +
           "' (this kfix has: " + (known.empty() ? std::string("none") : known) + ")")
              .str();
    return nullptr;
  }
  std::string inner;
  auto e = it->second(inner);
  if (!e)
    why = (target + ": " + (inner.empty() ? "unavailable" : inner)).str();
  return e;
}
