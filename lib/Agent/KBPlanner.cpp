//===- KBPlanner.cpp - the knowledge-base planner -------------------------===//
#include "kfix/Agent/KBPlanner.h"

#include "kfix/Transforms/Utils.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>
#include <set>

using namespace kfix;

std::vector<Action> kfix::instantiateRepair(const RepairTemplate &t, const PlannerContext &ctx,
                                            unsigned maxSites, unsigned maxVariants,
                                            unsigned maxActions) {
  // Each option's candidate values. Options whose template value is a
  // placeholder vary fastest (sites, ops, parameters); options with plain
  // alternatives vary slowest, best alternative first.
  struct Choice {
    std::string key;
    std::vector<std::optional<std::string>> values; ///< nullopt: leave the option out
  };
  std::vector<Choice> outer, inner;
  auto expand = [&](llvm::StringRef value, std::vector<std::optional<std::string>> &out) {
    llvm::StringRef name, arg;
    if (value == "{site}") {
      for (unsigned i = 0; i < ctx.sites.size() && i < maxSites; ++i)
        out.push_back(ctx.sites[i]);
      out.push_back(std::nullopt); // every site
      return;
    }
    if (!parsePlaceholder(value, name, arg)) {
      out.push_back(value.str());
      return;
    }
    const PlaceholderExpander *fn = lookupPlaceholder(name);
    if (!fn || !ctx.module)
      return; // unknown placeholder or nothing to expand against: no action
    for (std::string &v : (*fn)(ctx, arg))
      out.push_back(std::move(v));
  };
  for (auto &[key, value] : t.options) {
    Choice c{key, {}};
    auto alt = t.alternatives.find(key);
    if (alt != t.alternatives.end())
      for (const std::string &v : alt->second)
        expand(v, c.values);
    else
      expand(value, c.values);
    // Duplicates (an alternative equal to an expansion) would repeat actions.
    std::vector<std::optional<std::string>> uniq;
    for (auto &v : c.values)
      if (llvm::find(uniq, v) == uniq.end())
        uniq.push_back(v);
    c.values = std::move(uniq);
    if (c.values.empty())
      return {};
    llvm::StringRef n, a;
    bool placeholder = value == "{site}" || parsePlaceholder(value, n, a);
    (placeholder ? inner : outer).push_back(std::move(c));
  }

  using Assignment = std::vector<std::pair<std::string, std::optional<std::string>>>;
  auto product = [](const std::vector<Choice> &choices, size_t cap) {
    std::vector<Assignment> acc = {{}};
    for (const Choice &c : choices) {
      std::vector<Assignment> next;
      for (const Assignment &a : acc)
        for (const auto &v : c.values) {
          if (next.size() >= cap)
            break;
          Assignment copy = a;
          copy.push_back({c.key, v});
          next.push_back(std::move(copy));
        }
      acc = std::move(next);
    }
    return acc;
  };
  std::vector<Action> out;
  std::set<std::string> seen;
  for (const Assignment &o : product(outer, maxVariants))
    for (const Assignment &i : product(inner, maxActions)) {
      if (out.size() >= maxActions)
        return out;
      Action a;
      a.kind = Action::Pass;
      a.pass = t.pass;
      for (const Assignment *part : {&o, &i})
        for (auto &[k, v] : *part)
          if (v)
            a.options[k] = *v;
      if (seen.insert(a.describe()).second)
        out.push_back(std::move(a));
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
  PlannerContext ctx;
  ctx.module = *state.module;
  ctx.task = task;
  ctx.sites = state.eval.sites;
  std::vector<Action> out;
  std::set<std::string> seen(tried.begin(), tried.end());
  for (auto [rank, pick] : llvm::enumerate(chosen)) {
    auto [entry, score] = pick;
    for (const RepairTemplate &t : entry->repairs) {
      auto actions =
          instantiateRepair(t, ctx, opts.maxSites, opts.maxVariants, opts.maxActionsPerRepair);
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
