//===- EditSearch.h - the generic edit search under the KB -------*- C++ -*-===//
//
// A planner layer that needs no KB entry and no model: at the sites the
// diagnosis ranks (suspects, the sites of the failure signature and its
// faults), it enumerates small typed edits of the lifted IR
// (include/kfix/Transforms/Edits.h) and lets validation choose. Every edit is
// a `kfix-repair-edit{...}` action, reproducible with kfix-opt. Order: a
// cost model (the edit kind's prior times the weight of the site's rank).
// When no single edit lowered the error and the diagnosis ranks two or more
// confident suspects, pairs of edits among the top sites are tried, those
// whose single edit moved a finer signal (a fault gone, a case or an output
// closer, a smaller typical error) first.
//
// KBThenEditsPlanner puts the KB's proposals first and the edit search's
// after them (`--ablate edits` leaves the KB planner alone, `--planner edits`
// the edit search alone).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_AGENT_EDITSEARCH_H
#define KFIX_AGENT_EDITSEARCH_H

#include "kfix/Agent/Search.h"
#include "kfix/Transforms/Edits.h"
#include <map>
#include <set>

namespace kfix {

struct EditSearchOptions {
  unsigned maxSites = 10;        ///< ranked sites whose ops are edited
  unsigned editsPerSite = 10;    ///< single edits per site op (best priors)
  unsigned maxSingles = 48;      ///< single-edit actions per state
  unsigned nearest = 3;          ///< in-scope replacement values per operand
  unsigned pairSites = 3;        ///< pairs are formed among this many top sites
  unsigned pairEditsPerSite = 4; ///< best single edits per site combined
  unsigned maxPairs = 24;
  double confidentSuspect = 0.25; ///< suspect score that counts as confident
};

/// A site the edit search works at: an op and its weight.
struct EditSite {
  std::string loc, op;
  double weight = 0;  ///< 1 for the top site, falling with rank and score
  double score = 0;   ///< the suspect's score (0: a signature/fault site)
  std::string origin; ///< "suspect #N", "fault site", ...
  std::string kind;   ///< the suspect's bug class (empty for other sites)
  std::string hint;   ///< the edit its model suggests (`operand=1 with=arg:D`)
};

/// The ranked sites of a state's diagnosis, resolved to ops of its module.
std::vector<EditSite> editSites(const SearchState &state, unsigned max);

/// How much closer `after` is than `before` on signals finer than the error
/// measure: faults gone, cases passing, an output's mismatch share or a
/// case's typical error falling. 0 when none moved, negative when it broke.
double finerProgress(const Evaluation &before, const Evaluation &after);
/// True when `after` gets no more elements wrong than `before` in any case,
/// no more faults, and the wrong ones much closer: the median relative error
/// down at least 4x, or down and now the same for every wrong element where
/// it was spread, in every case still failing (one fix of two bugs where
/// every element stays wrong: a shuffle fixed, a divisor still off).
bool muchCloser(const Evaluation &before, const Evaluation &after);
/// True when `after` has more cases than `before` whose every element is
/// wrong and zero: a fault or an excess that went away with all of the work
/// (a loop bound lowered until the loop never runs).
bool zeroedOutput(const Evaluation &before, const Evaluation &after);

/// The kfix-repair-edit action of one or more edits.
Action editAction(const std::vector<EditSpec> &edits);

class EditPlanner : public Planner {
public:
  explicit EditPlanner(EditSearchOptions opts = {}) : opts(opts) {}
  llvm::StringRef name() const override { return "edits"; }
  /// First call for a state: single edits at its top sites, best first.
  /// Second call (those tried): pairs among them, when the conditions above
  /// hold; then the single edits at the other sites. Then nothing.
  std::vector<Action> propose(const SearchState &state,
                              const std::vector<std::string> &tried) override;
  bool incremental() const override { return true; }
  void observe(const Action &a, const Evaluation &before, const Evaluation &after,
               bool kept) override;

private:
  /// Single edits at the top `pairSites` sites (topSites) or at the others.
  std::vector<Action> singles(const SearchState &state, const std::set<std::string> &skip,
                              bool topSites);
  std::vector<Action> pairs(const SearchState &state, const std::set<std::string> &skip);
  /// This state's sites, with the kernel-as-given's (the first state
  /// proposed from) at a lower weight: an earlier repair (a guard) can hide
  /// the symptom that pointed at the bug.
  std::vector<EditSite> sitesFor(const SearchState &state);
  EditSearchOptions opts;
  std::vector<EditSite> rootSites;
  bool haveRoot = false;
  std::map<uint64_t, unsigned> calls; ///< propose calls per state fingerprint
  struct Outcome {
    double progress = 0;
    bool kept = false, broke = false;
  };
  /// Outcomes of tried edits, by (error before, action).
  std::map<std::pair<double, std::string>, Outcome> outcomes;
};

/// The KB planner's proposals first, then the edit search's (deduplicated).
class KBThenEditsPlanner : public Planner {
public:
  KBThenEditsPlanner(std::unique_ptr<Planner> kb, std::unique_ptr<EditPlanner> edits)
      : kb(std::move(kb)), edits(std::move(edits)) {}
  llvm::StringRef name() const override { return "kb+edits"; }
  std::vector<Action> propose(const SearchState &state,
                              const std::vector<std::string> &tried) override;
  bool incremental() const override { return true; }
  void observe(const Action &a, const Evaluation &before, const Evaluation &after,
               bool kept) override;

private:
  std::unique_ptr<Planner> kb;
  std::unique_ptr<EditPlanner> edits;
  std::map<uint64_t, unsigned> calls;
};

} // namespace kfix

#endif
