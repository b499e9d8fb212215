//===- KBPlanner.cpp - the knowledge-base planner -------------------------===//
#include "kfix/Agent/KBPlanner.h"

#include "kfix/Transforms/Utils.h"
#include "llvm/ADT/STLExtras.h"
#include <set>

using namespace kfix;

std::vector<std::string> kfix::findOpSites(mlir::ModuleOp module, llvm::StringRef names,
                                          unsigned max) {
  llvm::SmallVector<llvm::StringRef> wanted;
  names.split(wanted, ',');
  std::vector<std::string> out;
  std::set<std::string> seen;
  module.walk([&](mlir::Operation *op) {
    if (out.size() >= max)
      return;
    llvm::StringRef name = op->getName().getStringRef();
    if (!llvm::any_of(wanted, [&](llvm::StringRef w) { return w.trim() == name; }))
      return;
    std::string loc = formatLoc(op->getLoc());
    if (loc != "?" && seen.insert(loc).second)
      out.push_back(loc);
  });
  return out;
}

std::vector<Action> kfix::instantiateRepair(
    const RepairTemplate &t, const std::vector<std::string> &sites, unsigned maxSites,
    unsigned maxVariants,
    const std::function<std::vector<std::string>(llvm::StringRef)> &opSites) {
  // Option assignments: the cartesian product of alternatives (bounded).
  std::vector<std::map<std::string, std::string>> variants = {{}};
  for (auto &[key, value] : t.options) {
    std::vector<std::string> values;
    auto alt = t.alternatives.find(key);
    if (alt != t.alternatives.end())
      values = alt->second;
    else
      values = {value};
    std::vector<std::map<std::string, std::string>> next;
    for (auto &v : variants)
      for (auto &val : values) {
        if (next.size() >= maxVariants)
          break;
        auto copy = v;
        copy[key] = val;
        next.push_back(std::move(copy));
      }
    variants = std::move(next);
  }
  std::vector<Action> out;
  std::set<std::string> seen;
  for (auto &v : variants) {
    bool usesSite = llvm::any_of(v, [](auto &kv) { return kv.second == "{site}"; });
    std::string opsKey;
    for (auto &kv : v)
      if (llvm::StringRef(kv.second).starts_with("{ops:"))
        opsKey = kv.first;
    std::vector<std::string> siteChoices;
    if (!opsKey.empty()) {
      llvm::StringRef spec = llvm::StringRef(v[opsKey]).drop_front(5).drop_back(1);
      if (opSites)
        siteChoices = opSites(spec);
      for (auto &site : siteChoices) {
        Action a;
        a.kind = Action::Pass;
        a.pass = t.pass;
        for (auto &[k, val] : v)
          if (k == opsKey)
            a.options[k] = site;
          else if (val != "{site}")
            a.options[k] = val;
        if (seen.insert(a.describe()).second)
          out.push_back(std::move(a));
      }
      continue;
    }
    if (usesSite) {
      for (unsigned i = 0; i < sites.size() && i < maxSites; ++i)
        siteChoices.push_back(sites[i]);
      siteChoices.push_back(""); // every site
    } else {
      siteChoices.push_back("");
    }
    for (auto &site : siteChoices) {
      Action a;
      a.kind = Action::Pass;
      a.pass = t.pass;
      for (auto &[k, val] : v) {
        if (val == "{site}") {
          if (!site.empty())
            a.options[k] = site;
        } else {
          a.options[k] = val;
        }
      }
      if (seen.insert(a.describe()).second)
        out.push_back(std::move(a));
    }
  }
  return out;
}

std::vector<Action> KBPlanner::propose(const SearchState &state,
                                       const std::vector<std::string> &tried) {
  std::vector<std::pair<const KBEntry *, double>> chosen;
  if (opts.useRetrieval) {
    std::string query = state.eval.diagnosis + "\n" + state.source;
    auto ranked = rankEntries(kb, state.eval.signature, query);
    // The best-ranked entries with evidence first; then, when exhaustive, the
    // rest in rank order (a repair whose pattern does not match costs nothing).
    for (auto &r : ranked) {
      if (chosen.size() >= opts.topEntries)
        break;
      if (r.score <= 0)
        continue;
      chosen.push_back({r.entry, r.score});
    }
    if (opts.exhaustive)
      for (auto &r : ranked)
        if (llvm::none_of(chosen, [&](auto &c) { return c.first == r.entry; }))
          chosen.push_back({r.entry, r.score - 100});
  } else {
    for (const KBEntry &e : kb.entries())
      chosen.push_back({&e, 0});
  }
  std::vector<Action> out;
  std::set<std::string> seen(tried.begin(), tried.end());
  for (auto [rank, pick] : llvm::enumerate(chosen)) {
    auto [entry, score] = pick;
    for (const RepairTemplate &t : entry->repairs) {
      auto actions = instantiateRepair(
          t, state.eval.sites, opts.maxSites, opts.maxVariants,
          [&](llvm::StringRef names) { return findOpSites(*state.module, names, 12); });
      for (auto [i, a] : llvm::enumerate(actions)) {
        a.kbEntry = entry->id;
        a.score = score - 0.001 * i;
        a.rationale = entry->title;
        if (seen.insert(a.describe()).second)
          out.push_back(std::move(a));
      }
    }
  }
  return out;
}
