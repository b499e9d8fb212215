//===- KBPlanner.h - the knowledge-base planner -----------------*- C++ -*-===//
#ifndef KFIX_AGENT_KBPLANNER_H
#define KFIX_AGENT_KBPLANNER_H

#include "kfix/Agent/Search.h"
#include "kfix/KB/KnowledgeBase.h"
#include <functional>

namespace kfix {

struct KBPlannerOptions {
  unsigned topEntries = 6;    ///< retrieved entries expanded per state
  unsigned maxSites = 4;      ///< diagnosed sites tried per `{site}` placeholder
  unsigned maxVariants = 8;   ///< option combinations per repair template
  /// After the retrieved entries, try every other entry too, in rank order.
  bool exhaustive = true;
  /// Ablation: no retrieval; every entry's repairs in a fixed (id) order.
  bool useRetrieval = true;
};

/// Proposes, from a state's failure signature, the repairs of the best-ranked
/// KB entries instantiated at the diagnosed sites, best first. Deterministic.
class KBPlanner : public Planner {
public:
  KBPlanner(const KnowledgeBase &kb, KBPlannerOptions opts = {}) : kb(kb), opts(opts) {}
  llvm::StringRef name() const override { return "kb"; }
  std::vector<Action> propose(const SearchState &state,
                              const std::vector<std::string> &tried) override;

private:
  const KnowledgeBase &kb;
  KBPlannerOptions opts;
};

/// Expands a repair template into concrete actions: `{site}` placeholders
/// become each of `sites` and then "" (every site); option alternatives are
/// combined up to `maxVariants`.
/// `{ops:a.b,c.d}` placeholders become the source locations of the ops of
/// those names in the candidate (via `opSites`); an action whose placeholder
/// has no such op is dropped.
std::vector<Action> instantiateRepair(
    const RepairTemplate &t, const std::vector<std::string> &sites, unsigned maxSites,
    unsigned maxVariants,
    const std::function<std::vector<std::string>(llvm::StringRef)> &opSites = {});

/// Distinct file:line:col of the ops named in `names` (comma-separated) in
/// `module`, in program order, at most `max`.
std::vector<std::string> findOpSites(mlir::ModuleOp module, llvm::StringRef names, unsigned max);

} // namespace kfix

#endif
