//===- KBPlanner.h - the knowledge-base planner -----------------*- C++ -*-===//
#ifndef KFIX_AGENT_KBPLANNER_H
#define KFIX_AGENT_KBPLANNER_H

#include "kfix/Agent/Placeholders.h"
#include "kfix/Agent/Search.h"
#include "kfix/KB/KnowledgeBase.h"
#include <functional>

namespace kfix {

struct KBPlannerOptions {
  unsigned topEntries = 6;  ///< retrieved entries expanded per state
  unsigned maxSites = 4;    ///< diagnosed sites tried per `{site}` placeholder
  unsigned maxVariants = 8; ///< option combinations per repair template
  /// Actions per repair template once placeholders are expanded.
  unsigned maxActionsPerRepair = 64;
  /// After the retrieved entries, try every other entry too, in rank order.
  bool exhaustive = true;
  /// Ablation: no retrieval; every entry's repairs in a fixed (id) order.
  bool useRetrieval = true;
};

/// Proposes, from a state's failure signature, the repairs of the best-ranked
/// KB entries instantiated at the diagnosed sites, best first. Deterministic.
class KBPlanner : public Planner {
public:
  /// `task` (may be null) is what manifest-aware placeholders expand against.
  KBPlanner(const KnowledgeBase &kb, KBPlannerOptions opts = {}, const TaskManifest *task = nullptr)
      : kb(kb), opts(opts), task(task) {}
  llvm::StringRef name() const override { return "kb"; }
  std::vector<Action> propose(const SearchState &state,
                              const std::vector<std::string> &tried) override;

private:
  const KnowledgeBase &kb;
  KBPlannerOptions opts;
  const TaskManifest *task;
};

/// Expands a repair template into concrete actions (Placeholders.h): `{site}`
/// becomes each of the first `maxSites` of `ctx.sites` and then "" (every
/// site); other placeholders expand against `ctx`; option alternatives are
/// combined up to `maxVariants`, at most `maxActions` actions in all. An
/// option whose expansion is empty drops the template.
std::vector<Action> instantiateRepair(const RepairTemplate &t, const PlannerContext &ctx,
                                      unsigned maxSites, unsigned maxVariants,
                                      unsigned maxActions = 64);

} // namespace kfix

#endif
