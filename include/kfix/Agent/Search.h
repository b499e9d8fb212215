//===- Search.h - the repair loop: actions, evaluation, guards --*- C++ -*-===//
//
// The debug loop is a search over repair actions: validate -> diagnose ->
// retrieve -> plan -> apply one action -> validate; keep an action if the error
// measure fell, revert it if not; stop on success, on a guard (patience, cycle,
// debugging trap) or on a budget. Planners propose actions; an Evaluator runs
// a candidate module against the task. Both are interfaces so the loop can be
// tested without a task, and so the LLM planner plugs in beside the KB one.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_AGENT_SEARCH_H
#define KFIX_AGENT_SEARCH_H

#include "kfix/Runtime/Validate.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/JSON.h"
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace kfix {

/// One repair action: a registered pass with options (applied to the lifted
/// IR), or a unified diff to the kernel source that is re-lifted.
struct Action {
  enum Kind { Pass, Patch } kind = Pass;
  std::string pass;
  std::map<std::string, std::string> options;
  std::string patch;     ///< unified diff (Patch)
  std::string kbEntry;   ///< the KB entry that suggested it, if any
  std::string rationale; ///< why the planner chose it
  double score = 0;      ///< planner's priority (higher first)
  /// The planner layer that proposed it ("edits" for the edit search).
  std::string origin;
  /// One of a systematic enumeration (the edit search): most such actions
  /// are expected to fail, so a failed one counts against the budgets but
  /// not toward the patience or debugging-trap guards.
  bool enumerated = false;
  /// The edit a confident suspect model named (score >= 3): where the error
  /// holds still (a second bug keeps every element wrong) it is kept when
  /// the instrumented run's errors fall (an output now written in full).
  bool evidence = false;

  /// `kfix-repair-x{a=1 b=2}` (Pass) or `patch (N lines)`.
  std::string describe() const;
  /// A pass pipeline on the top-level module: builtin.module(gpu.module(...)).
  std::string pipeline() const;
  llvm::json::Value toJSON() const;
};

/// What evaluating a candidate found.
struct Evaluation {
  bool passed = false;                   ///< every element of every size and seed matched
  bool error = false;                    ///< the candidate could not be compiled or run at all
  double measure = 1e9;                  ///< error measure; lower is better, 0 when passed
  llvm::json::Value signature = nullptr; ///< failure signature (diagnosis)
  std::string summary;                   ///< one line for logs and reports
  std::string diagnosis;                 ///< free text of the findings (retrieval query)
  std::vector<std::string> sites;        ///< source locations the diagnosis points at
  unsigned evaluations = 0;              ///< kernel validations this evaluation cost
  double compileMs = 0, runMs = 0;
  CaseTimes caseTimes;
  /// Kernels compiled for this evaluation, and those a compile cache handed
  /// out instead.
  unsigned compiles = 0, compileCacheHits = 0;
  llvm::json::Value toJSON() const;
};

class Evaluator {
public:
  virtual ~Evaluator() = default;
  /// Evaluates `module`. `full` = the acceptance validation (every size and
  /// seed, run twice); otherwise a cheaper screening run may be used.
  virtual Evaluation evaluate(mlir::ModuleOp module, bool full) = 0;
  /// A screening run without the instrumentation (validation and its
  /// signature only), where the evaluator has such a thing: most candidates
  /// are reverted on it, and only one that looks better is evaluated again
  /// with evaluate(module, false) for the evidence to plan from.
  virtual Evaluation quickScreen(mlir::ModuleOp module) { return evaluate(module, false); }
  /// True when quickScreen is cheaper than evaluate(module, false).
  virtual bool hasQuickScreen() const { return false; }
  /// Re-lifts the kernel source after a patch (null + error when it fails).
  virtual mlir::OwningOpRef<mlir::ModuleOp> relift(const std::string &source, std::string &error) {
    error = "source patches are not supported by this evaluator";
    return nullptr;
  }
};

/// A node of the search: a candidate and how it got there.
struct SearchState {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string source; ///< kernel source this candidate corresponds to (patches)
  std::vector<Action> path;
  Evaluation eval;
  uint64_t fingerprint = 0;
};

class Planner {
public:
  virtual ~Planner() = default;
  virtual llvm::StringRef name() const = 0;
  /// Actions to try from `state`, best first. `tried` holds descriptions of
  /// actions already tried from this state (do not repeat them).
  virtual std::vector<Action> propose(const SearchState &state,
                                      const std::vector<std::string> &tried) = 0;
  /// Tokens spent so far (LLM planners).
  virtual uint64_t promptTokens() const { return 0; }
  virtual uint64_t completionTokens() const { return 0; }
  /// Set when the planner cannot continue (e.g. endpoint down, token budget).
  virtual std::string stopReason() const { return ""; }
  /// Planners that propose one action at a time (LLM) are asked again after
  /// every step; others return their whole list once per state.
  virtual bool incremental() const { return false; }
  /// Told the outcome of each tried action (history for the next prompt).
  virtual void observe(const Action &a, const Evaluation &before, const Evaluation &after,
                       bool kept) {}
};

struct Budgets {
  unsigned maxIters = 160;     ///< actions tried (applied)
  unsigned maxEvals = 240;     ///< kernel evaluations
  uint64_t maxTokens = 200000; ///< LLM tokens (prompt + completion)
  double timeLimitSec = 600;
  unsigned patience = 12;              ///< steps without a fall in the error measure
  unsigned maxConsecutiveFailures = 8; ///< actions that failed to apply or broke the kernel
  unsigned maxDepth = 3;               ///< repairs combined in one candidate
  /// After an enumerated action (the edit search) lowers the error, this many
  /// further enumerated actions of the same state are tried before the best
  /// child is expanded: validation chooses among neighbours instead of
  /// following the first one that helps a little.
  unsigned enumeratedLookahead = 6;
  /// A state expanded for this many evaluations without a kept child gives
  /// way to the other states of the frontier (0: never); see Search.cpp.
  unsigned yieldAfter = 12;
};

/// One line of trace.jsonl: a step of the loop.
struct StepRecord {
  unsigned iteration = 0;
  Action action;
  std::string outcome; ///< kept, reverted, no-change, apply-failed, accepted, cycle
  double errorBefore = 0, errorAfter = 0;
  double ms = 0;
  /// Where the step's time went (-1: that stage did not run): applying the
  /// action; the candidate's first verdict (the screening evaluation: lower
  /// to PTX or the CPU executor, launch, reference comparison); the
  /// full-coverage validation; the integrity gate. apply + screen is the
  /// candidate turnaround (apply a repair -> PTX -> verdict).
  double applyMs = -1, screenMs = -1, fullMs = -1, gateMs = -1;
  /// Of the screening: compiling the candidate (and its reference) and the
  /// executor's runs (candidate and reference kernels, transfers included);
  /// the rest of screenMs is the host's work (inputs, comparison, diagnosis).
  double screenCompileMs = -1, screenRunMs = -1;
  /// The screening's cases, stage by stage (wall clock; CaseTimes), when it
  /// validated (screenCompileMs >= 0).
  CaseTimes screenCases;
  /// Kernels compiled during the step (screening, validation, the gate,
  /// diagnosis; instrumented variants included) and compiles a compile cache
  /// answered; -1 without SearchOptions::compileCounts.
  int64_t compiles = -1, compileCacheHits = -1;
  std::string note;
  llvm::json::Value toJSON() const;
};

/// The error measure of a kernel that passes validation but not the
/// integrity gate (lower than any kernel with a wrong element).
constexpr double kGateOnlyMeasure = 1e-9;

struct SearchResult {
  /// success, no-progress, cycle, debugging-trap, budget-iterations,
  /// budget-evals, budget-tokens, budget-time, exhausted, interrupted,
  /// planner-stopped, already-passing, error
  std::string stopReason;
  bool repaired = false;
  std::unique_ptr<SearchState> best; ///< the accepted candidate, or the lowest error seen
  std::vector<StepRecord> steps;
  unsigned evaluations = 0, iterations = 0;
  double wallMs = 0, compileMs = 0, runMs = 0;
  /// Set when the kernel as given passed validation but not the gate.
  std::string originalGateRejection;
};

/// Running totals of a compile cache (CompileCache.h).
struct CompileCounts {
  uint64_t compiles = 0, hits = 0;
};

struct SearchOptions {
  Budgets budgets;
  /// The compile counts so far: each step records how many compiles it cost.
  std::function<CompileCounts()> compileCounts;
  /// Called after every step (trace.jsonl is written as it goes).
  std::function<void(const StepRecord &)> onStep;
  /// Polled between steps; true stops with reason "interrupted".
  std::function<bool()> interrupted;
  /// Extra acceptance test for a candidate that passed full validation (the
  /// integrity gate); returns an empty string to accept, else the reason.
  std::function<std::string(const SearchState &)> gate;
  /// The same test for the kernel as given when it passes validation: a
  /// kernel that passes but is rejected (a data race that did not change
  /// this run's results, a failure at held-out sizes) is debugged, not
  /// reported as already passing. Empty string: it is accepted.
  std::function<std::string(const SearchState &)> gateOriginal;
  /// The kernels the task launches (empty: all). Actions change only these:
  /// a repair in a kernel that never runs cannot be validated.
  std::vector<std::string> launchedKernels;
};

/// Runs the repair loop from `initial` (already evaluated or not).
SearchResult runSearch(std::unique_ptr<SearchState> initial, Evaluator &evaluator, Planner &planner,
                       const SearchOptions &options);

/// Applies a pass action to a clone of `module`. Returns null and sets
/// `error` when the pipeline does not parse or fails.
/// `onlyKernels` (non-empty): the kernels the passes may change; the module's
/// other kernels are left exactly as they are.
mlir::OwningOpRef<mlir::ModuleOp> applyAction(mlir::ModuleOp module, const Action &action,
                                              std::string &error,
                                              llvm::ArrayRef<std::string> onlyKernels = {});

/// Warnings the last applyAction's passes emitted (why a repair declined).
std::string &lastActionWarnings();

/// A hash of the IR without locations (cycle detection, no-op detection).
uint64_t fingerprint(mlir::ModuleOp module);

} // namespace kfix

#endif
