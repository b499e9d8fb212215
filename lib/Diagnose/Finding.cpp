//===- Finding.cpp - JSON form of findings ---------------------------------===//
#include "kfix/Diagnose/Finding.h"

#include "llvm/ADT/Twine.h"

using namespace kfix;

std::string SiteInfo::loc() const {
  if (file.empty() && line == 0)
    return "?";
  return (llvm::Twine(file) + ":" + llvm::Twine(line) + ":" + llvm::Twine(col)).str();
}

llvm::json::Value SiteInfo::toJSON() const {
  llvm::json::Object o{{"site", site}, {"loc", loc()}, {"op", op}};
  if (!detail.empty())
    o["detail"] = detail;
  if (!subject.empty())
    o["subject"] = subject;
  if (!kernel.empty())
    o["kernel"] = kernel;
  if (!buffer.empty())
    o["buffer"] = buffer;
  if (!file.empty()) {
    o["file"] = file;
    o["line"] = int64_t(line);
    o["col"] = int64_t(col);
  }
  return o;
}

std::string kfix::formatDim3(const std::array<uint32_t, 3> &d) {
  return (llvm::Twine("(") + llvm::Twine(d[0]) + "," + llvm::Twine(d[1]) + "," + llvm::Twine(d[2]) +
          ")")
      .str();
}

std::string kfix::formatThread(const ThreadCoord &who) {
  return "thread " + formatDim3(who.tid) + " of block " + formatDim3(who.bid);
}

llvm::json::Value kfix::toJSON(const ThreadCoord &who) {
  auto arr = [](const std::array<uint32_t, 3> &d) {
    return llvm::json::Array{int64_t(d[0]), int64_t(d[1]), int64_t(d[2])};
  };
  return llvm::json::Object{{"thread", arr(who.tid)}, {"block", arr(who.bid)}};
}

llvm::json::Value kfix::toJSON(const Finding &f) {
  llvm::json::Array sites, threads;
  for (const SiteInfo &s : f.sites)
    sites.push_back(s.toJSON());
  for (const ThreadExample &t : f.threads) {
    llvm::json::Object o = std::move(*toJSON(t.who).getAsObject());
    if (t.site >= 0)
      o["site"] = t.site;
    if (!t.role.empty())
      o["role"] = t.role;
    threads.push_back(std::move(o));
  }
  llvm::json::Object o{
      {"kind", f.kind},   {"severity", f.severity},    {"message", f.message},
      {"count", f.count}, {"sites", std::move(sites)}, {"threads", std::move(threads)}};
  if (!f.data.empty())
    o["data"] = llvm::json::Object(f.data);
  return o;
}

llvm::json::Value kfix::toJSON(llvm::ArrayRef<Finding> findings) {
  llvm::json::Array arr;
  for (const Finding &f : findings)
    arr.push_back(toJSON(f));
  return arr;
}
