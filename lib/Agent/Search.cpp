//===- Search.cpp - the repair loop ---------------------------------------===//
//
// Best-first search over candidates ordered by their error measure. From a
// candidate, the planner's actions are tried in order; a child whose error
// fell is kept (and, having a lower error, is expanded next), anything else is
// reverted. The parent keeps its place with its remaining actions, so the
// search backtracks when a kept repair leads nowhere. Every stop is named.
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/Search.h"
#include "kfix/Agent/EditSearch.h"
#include "kfix/Runtime/Deadline.h"
#include "kfix/Integrity/StaticChecks.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/xxhash.h"
#include <cstdlib>

using namespace mlir;
using namespace kfix;

std::string Action::describe() const {
  if (kind == Patch) {
    unsigned lines = std::count(patch.begin(), patch.end(), '\n');
    return llvm::formatv("source patch ({0} lines after patching)", lines).str();
  }
  std::string s = pass;
  if (!options.empty()) {
    s += "{";
    bool first = true;
    for (auto &[k, v] : options) {
      s += (first ? "" : " ") + k + "=" + v;
      first = false;
    }
    s += "}";
  }
  return s;
}

std::string Action::pipeline() const { return "builtin.module(gpu.module(" + describe() + "))"; }

llvm::json::Value Action::toJSON() const {
  llvm::json::Object o{{"kind", kind == Pass ? "pass" : "patch"}, {"describe", describe()}};
  if (kind == Pass) {
    o["pass"] = pass;
    llvm::json::Object opts;
    for (auto &[k, v] : options)
      opts[k] = v;
    o["options"] = std::move(opts);
  } else {
    o["patch"] = patch;
  }
  if (!kbEntry.empty())
    o["kb_entry"] = kbEntry;
  if (!rationale.empty())
    o["rationale"] = rationale;
  if (!origin.empty())
    o["planner"] = origin;
  o["score"] = score;
  return o;
}

llvm::json::Value Evaluation::toJSON() const {
  llvm::json::Array s;
  for (auto &x : sites)
    s.push_back(x);
  return llvm::json::Object{{"passed", passed},        {"error", error},
                            {"measure", measure},      {"summary", summary},
                            {"sites", std::move(s)},   {"evaluations", evaluations},
                            {"compile_ms", compileMs}, {"run_ms", runMs},
                            {"compiles", compiles},    {"compile_cache_hits", compileCacheHits}};
}

llvm::json::Value StepRecord::toJSON() const {
  llvm::json::Object o{{"iteration", iteration},
                       {"action", action.toJSON()},
                       {"outcome", outcome},
                       {"error_before", errorBefore},
                       {"error_after", errorAfter},
                       {"ms", ms},
                       {"note", note}};
  llvm::json::Object split;
  for (auto [name, v] : {std::pair<const char *, double>{"apply", applyMs},
                         {"screen", screenMs},
                         {"full", fullMs},
                         {"gate", gateMs},
                         {"screen_compile", screenCompileMs},
                         {"screen_run", screenRunMs}})
    if (v >= 0)
      split[name] = v;
  if (screenCompileMs >= 0) {
    split["screen_inputs"] = screenCases.inputsMs;
    split["screen_reference"] = screenCases.referenceMs;
    split["screen_candidate"] = screenCases.candidateMs;
    split["screen_compare"] = screenCases.compareMs;
    o["screen_cases_cached"] = int64_t(screenCases.fromCache);
  }
  if (!split.empty())
    o["ms_split"] = std::move(split);
  if (compiles >= 0) {
    o["compiles"] = compiles;
    o["compile_cache_hits"] = compileCacheHits;
  }
  return o;
}

uint64_t kfix::fingerprint(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.enableDebugInfo(false);
  module->print(os, flags);
  return llvm::xxh3_64bits(text);
}

std::string &kfix::lastActionWarnings() {
  static std::string w;
  return w;
}

OwningOpRef<ModuleOp> kfix::applyAction(ModuleOp module, const Action &action, std::string &error,
                                        llvm::ArrayRef<std::string> onlyKernels) {
  OwningOpRef<ModuleOp> clone(cast<ModuleOp>(module->clone()));
  lastActionWarnings().clear();
  // Kernels the task never launches are taken out while the passes run (a
  // repair there cannot be validated, and a pass's precondition failing on one
  // must not fail the action), then put back where they were, unchanged.
  struct Detached {
    Operation *op, *next;
    Block *block;
  };
  SmallVector<Detached> detached;
  if (!onlyKernels.empty()) {
    llvm::DenseSet<Operation *> keep;
    for (const std::string &k : onlyKernels)
      if (gpu::GPUFuncOp f = findKernelFunc(*clone, k))
        keep.insert(f.getOperation());
    if (!keep.empty()) {
      SmallVector<gpu::GPUFuncOp> others;
      clone->walk([&](gpu::GPUFuncOp f) {
        if (f.isKernel() && !keep.count(f.getOperation()))
          others.push_back(f);
      });
      for (gpu::GPUFuncOp f : others) {
        Operation *op = f.getOperation();
        detached.push_back({op, op->getNextNode(), op->getBlock()});
        op->remove();
      }
    }
  }
  auto reattach = [&] {
    for (auto it = detached.rbegin(); it != detached.rend(); ++it) {
      bool nextThere = it->next && it->next->getBlock() == it->block;
      if (nextThere)
        it->block->getOperations().insert(it->next->getIterator(), it->op);
      else if (!it->block->empty() && it->block->back().hasTrait<OpTrait::IsTerminator>())
        it->block->getOperations().insert(it->block->back().getIterator(), it->op);
      else
        it->block->push_back(it->op);
    }
    detached.clear();
  };
  llvm::scope_exit dropDetached([&] {
    for (Detached &d : detached)
      d.op->destroy();
  });
  if (const char *dump = std::getenv("KFIX_DUMP_ACTIONS")) {
    // Developer aid: the IR each action starts from.
    std::error_code ec;
    llvm::raw_fd_ostream os(dump, ec, llvm::sys::fs::OF_Append);
    if (!ec)
      os << "// ---- before " << action.describe() << "\n" << *clone << "\n";
  }
  PassManager pm(module->getContext());
  std::string diag;
  llvm::raw_string_ostream os(diag);
  // `pm` is anchored on builtin.module: the pipeline text is its nested part.
  if (failed(parsePassPipeline("gpu.module(" + action.describe() + ")", pm, os))) {
    error = "cannot build '" + action.describe() + "': " + diag;
    return nullptr;
  }
  // Repairs run on untrusted kernels: capture their diagnostics instead of
  // printing them, and verify the result.
  ScopedDiagnosticHandler handler(module->getContext(), [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error)
      os << d.str() << "\n";
    else if (d.getSeverity() == DiagnosticSeverity::Warning)
      lastActionWarnings() += d.str() + "\n";
    return success();
  });
  pm.enableVerifier(true);
  if (failed(pm.run(*clone))) {
    error = "'" + action.describe() + "' failed: " + diag;
    return nullptr;
  }
  reattach();
  if (const char *dump = std::getenv("KFIX_DUMP_ACTIONS")) {
    std::error_code ec;
    llvm::raw_fd_ostream os(dump, ec, llvm::sys::fs::OF_Append);
    if (!ec)
      os << "// ---- after " << action.describe() << "\n" << *clone << "\n";
  }
  return clone;
}

namespace {
using Clock = std::chrono::steady_clock;

struct FrontierEntry {
  std::unique_ptr<SearchState> state;
  std::vector<Action> actions;
  bool proposed = false;
  size_t next = 0;
  std::vector<std::string> tried;
  uint64_t order = 0;
  /// Times this entry gave way to the rest of the frontier after
  /// Budgets::yieldAfter evaluations without a kept child.
  unsigned yields = 0;
};

/// The evaluation of a candidate that passed validation but not the gate:
/// the screening run's signature and findings to plan from, the gate's
/// reason added to the diagnosis, and an error measure below any candidate
/// with a wrong element.
Evaluation gateOnlyEvaluation(Evaluation screen, const std::string &rejected) {
  screen.passed = false;
  screen.measure = kGateOnlyMeasure;
  screen.summary = "passes validation, but the integrity gate rejects it: " + rejected;
  screen.diagnosis += "\n" + rejected;
  return screen;
}
/// True when `after` has fewer wrong elements, faults, failing sizes or
/// nondeterministic cases than `before` (by its failure signature).
/// A candidate that leaves its in-place outputs as they were in more failing
/// cases than before did not get closer, whatever its error: it stopped doing
/// the work (half of a leaky ReLU's expected values equal its inputs).
bool stoppedWorking(const Evaluation &before, const Evaluation &after) {
  auto *b = before.signature.getAsObject(), *a = after.signature.getAsObject();
  if (!a || !b || after.passed)
    return false;
  return a->getInteger("untouched_cases").value_or(0) >
         b->getInteger("untouched_cases").value_or(0);
}

/// The signature has faults or instrumentation findings.
bool hasEvidence(const Evaluation &e) {
  auto *o = e.signature.getAsObject();
  if (!o)
    return false;
  // Faults and findings come from the instrumented run: a child screened
  // without it would look better for losing them. Suspects do not (the error
  // measure is the validation's), so they need no instrumented screen.
  // (An input read only in part is no evidence a screen loses: it names
  // sites to search, and a candidate that looks better is screened with it.)
  if (auto *a = o->getArray("faults"); a && !a->empty())
    return true;
  if (auto *a = o->getArray("findings"))
    for (const llvm::json::Value &f : *a)
      if (auto *fo = f.getAsObject(); !fo || fo->getString("kind") != "partly-read-input")
        return true;
  return false;
}

/// Faults, error findings and inputs read in part of an instrumented
/// evaluation; -1 when it has none to count (a screen without them).
long errorEvidence(const Evaluation &e) {
  auto *o = e.signature.getAsObject();
  auto *findings = o ? o->getArray("findings") : nullptr;
  if (!findings)
    return -1;
  long n = 0;
  if (auto *faults = o->getArray("faults"))
    n += long(faults->size());
  for (const llvm::json::Value &f : *findings)
    if (auto *fo = f.getAsObject(); fo && (fo->getString("severity") == "error" ||
                                           fo->getString("kind") == "partly-read-input"))
      ++n;
  return n;
}

/// The race findings of an instrumented evaluation.
long raceFindings(const Evaluation &e) {
  auto *o = e.signature.getAsObject();
  auto *findings = o ? o->getArray("findings") : nullptr;
  long n = 0;
  if (findings)
    for (const llvm::json::Value &f : *findings)
      if (auto *fo = f.getAsObject())
        if (auto k = fo->getString("kind"); k && k->ends_with("race"))
          ++n;
  return n;
}

bool coreFell(const Evaluation &before, const Evaluation &after) {
  if (after.passed)
    return true;
  auto *b = before.signature.getAsObject(), *a = after.signature.getAsObject();
  if (!a || !b)
    return true; // nothing finer to go by

  auto num = [](const llvm::json::Object *o, llvm::StringRef k) {
    if (auto *arr = o->getArray(k))
      return double(arr->size());
    if (auto n = o->getNumber(k))
      return *n;
    if (auto i = o->getInteger(k))
      return double(*i);
    if (auto f = o->getBoolean(k))
      return *f ? 1.0 : 0.0;
    return -1.0;
  };
  // The count of wrong elements too: an edit that makes one of two outputs
  // right leaves the share of wrong elements of the outputs that still fail
  // higher (one all-wrong output left), with fewer elements wrong.
  for (llvm::StringRef k :
       {"mismatch_fraction", "mismatches", "faults", "failing_sizes", "nondeterministic"}) {
    double x = num(b, k), y = num(a, k);
    if (x >= 0 && y >= 0 && y < x * 0.999)
      return true;
  }
  return false;
}
} // namespace

SearchResult kfix::runSearch(std::unique_ptr<SearchState> initial, Evaluator &evaluator,
                             Planner &planner, const SearchOptions &options) {
  SearchResult result;
  const Budgets &b = options.budgets;
  auto start = Clock::now();
  // The compile counts when the current step began.
  CompileCounts stepBase;
  auto record = [&](StepRecord r) {
    if (options.compileCounts) {
      CompileCounts now = options.compileCounts();
      r.compiles = static_cast<int64_t>(now.compiles - stepBase.compiles);
      r.compileCacheHits = static_cast<int64_t>(now.hits - stepBase.hits);
    }
    if (options.onStep)
      options.onStep(r);
    result.steps.push_back(std::move(r));
  };
  auto account = [&](const Evaluation &e) {
    result.evaluations += e.evaluations;
    result.compileMs += e.compileMs;
    result.runMs += e.runMs;
  };
  auto finish = [&](std::string reason) -> SearchResult {
    result.stopReason = std::move(reason);
    result.wallMs = msSince(start);
    return std::move(result);
  };

  initial->fingerprint = fingerprint(*initial->module);
  if (initial->eval.measure >= 1e9 && !initial->eval.passed) {
    initial->eval = evaluator.evaluate(*initial->module, /*full=*/false);
    account(initial->eval);
  }
  // The task itself could not be validated (the reference failed, a size does
  // not fit in memory, the lifted candidate does not compile): no edit of the
  // kernel changes that, so the search does not spend its budget on it.
  if (initial->eval.error) {
    result.best = std::move(initial);
    return finish("error");
  }
  if (initial->eval.passed) {
    Evaluation screen = initial->eval;
    Evaluation full = evaluator.evaluate(*initial->module, /*full=*/true);
    account(full);
    if (full.passed) {
      initial->eval = full;
      std::string rejected = options.gateOriginal ? options.gateOriginal(*initial) : "";
      if (rejected.empty()) {
        result.best = std::move(initial);
        return finish("already-passing");
      }
      // Passes validation, fails the gate: the planner works from the
      // screening run's signature (its instrumentation findings) and the
      // gate's reason; any candidate that passes validation and the gate
      // is accepted.
      result.originalGateRejection = rejected;
      full = gateOnlyEvaluation(std::move(screen), rejected);
    }
    initial->eval = full;
  }

  llvm::DenseSet<uint64_t> visited;
  visited.insert(initial->fingerprint);
  std::vector<FrontierEntry> frontier;
  uint64_t order = 0;
  double bestMeasure = initial->eval.measure;
  // The best candidate seen is kept as a clone so that the frontier can own states.
  auto snapshot = [](const SearchState &s) {
    auto copy = std::make_unique<SearchState>();
    copy->module = OwningOpRef<ModuleOp>(cast<ModuleOp>(s.module.get()->clone()));
    copy->source = s.source;
    copy->path = s.path;
    copy->eval = s.eval;
    copy->fingerprint = s.fingerprint;
    return copy;
  };
  result.best = snapshot(*initial);
  frontier.push_back({std::move(initial), {}, false, 0, {}, order++});

  unsigned sinceImprovement = 0, consecutiveFailures = 0, patienceYields = 0;
  // The catalog's repairs failing one after another says the kernel is not of
  // their shapes, not that it cannot be repaired: the edit search's untried
  // edits of this state come next (skipping the rest of the catalog's) before
  // the search gives up as a debugging trap.
  auto toEdits = [&](FrontierEntry &e) {
    size_t i = e.next;
    while (i < e.actions.size() && !e.actions[i].enumerated)
      ++i;
    if (i >= e.actions.size())
      return false; // budgets bound the edits themselves
    e.next = i;
    consecutiveFailures = 0;
    return true;
  };
  while (!frontier.empty()) {
    // Best-first: the entry that gave way least often, then the lowest error
    // measure; ties go to the deeper, then older entry.
    auto bestIt = std::min_element(frontier.begin(), frontier.end(),
                                   [](const FrontierEntry &a, const FrontierEntry &b) {
                                     if (a.yields != b.yields)
                                       return a.yields < b.yields;
                                     if (a.state->eval.measure != b.state->eval.measure)
                                       return a.state->eval.measure < b.state->eval.measure;
                                     if (a.state->path.size() != b.state->path.size())
                                       return a.state->path.size() > b.state->path.size();
                                     return a.order < b.order;
                                   });
    FrontierEntry entry = std::move(*bestIt);
    frontier.erase(bestIt);
    SearchState &state = *entry.state;

    bool keptChild = false;
    // Enumerated actions still to try after one of them lowered the error
    // (its child already waits on the frontier); 0 when none did.
    unsigned lookahead = 0;
    bool lookingAhead = false;
    bool yielded = false;
    const unsigned evalsAtStart = result.evaluations;
    while (!keptChild) {
      // A state whose actions keep failing gives way to the rest of the
      // frontier for a while: a repair that lowered the error without fixing
      // the kernel (a partial or wrong fix) must not spend the whole budget
      // while its parent's remaining actions (the right single edit) wait.
      if (!lookingAhead && b.yieldAfter && !frontier.empty() &&
          result.evaluations - evalsAtStart >= b.yieldAfter) {
        ++entry.yields;
        yielded = true;
        break;
      }
      if (options.interrupted && options.interrupted())
        return finish("interrupted");
      if (result.iterations >= b.maxIters)
        return finish("budget-iterations");
      if (result.evaluations >= b.maxEvals)
        return finish("budget-evals");
      if (msSince(start) / 1000.0 >= b.timeLimitSec)
        return finish("budget-time");
      if (planner.promptTokens() + planner.completionTokens() >= b.maxTokens)
        return finish("budget-tokens");

      // Done looking ahead: the best child found is expanded next.
      if (lookingAhead && (lookahead == 0 || entry.next >= entry.actions.size() ||
                           !entry.actions[entry.next].enumerated)) {
        keptChild = true;
        break;
      }
      if (!entry.proposed || (planner.incremental() && entry.next >= entry.actions.size())) {
        std::vector<Action> more = planner.propose(state, entry.tried);
        entry.proposed = true;
        if (!planner.stopReason().empty() && more.empty())
          return finish(planner.stopReason() == "budget-tokens" ? "budget-tokens"
                                                                : "planner-stopped");
        if (more.empty())
          break;
        for (Action &a : more)
          entry.actions.push_back(std::move(a));
      }
      if (entry.next >= entry.actions.size())
        break;
      Action action = entry.actions[entry.next++];
      if (lookingAhead)
        --lookahead;
      entry.tried.push_back(action.describe());
      ++result.iterations;
      auto stepStart = Clock::now();
      if (options.compileCounts)
        stepBase = options.compileCounts();
      StepRecord rec;
      rec.iteration = result.iterations;
      rec.action = action;
      rec.errorBefore = state.eval.measure;

      // Apply.
      std::string error;
      auto child = std::make_unique<SearchState>();
      child->path = state.path;
      child->path.push_back(action);
      if (action.kind == Action::Pass) {
        child->module = applyAction(*state.module, action, error, options.launchedKernels);
        child->source = state.source;
      } else {
        child->module = evaluator.relift(action.patch, error);
        child->source = action.patch;
      }
      rec.applyMs = msSince(stepStart);
      if (!child->module) {
        rec.errorAfter = state.eval.measure;
        rec.note = error;
        rec.ms = msSince(stepStart);
        if (action.kind == Action::Pass) {
          // The repair declined (a precondition of its pattern, e.g. it needs
          // a site): nothing was evaluated, and the kernel did not break.
          rec.outcome = "not-applicable";
          --result.iterations;
          record(rec);
          continue;
        }
        rec.outcome = "apply-failed";
        record(rec);
        if (++consecutiveFailures >= b.maxConsecutiveFailures && !toEdits(entry))
          return finish("debugging-trap");
        continue;
      }
      child->fingerprint = fingerprint(*child->module);
      if (child->fingerprint == state.fingerprint) {
        rec.outcome = "no-change";
        rec.note = lastActionWarnings().empty() ? "the repair's pattern does not match this kernel"
                                                : lastActionWarnings();
        rec.errorAfter = state.eval.measure;
        rec.ms = msSince(stepStart);
        record(rec);
        --result.iterations; // costs nothing: no evaluation was run
        continue;
      }
      if (!visited.insert(child->fingerprint).second) {
        rec.outcome = "cycle";
        rec.note = "this candidate was already evaluated";
        rec.errorAfter = state.eval.measure;
        rec.ms = msSince(stepStart);
        record(rec);
        continue;
      }

      // Evaluate: screen first, then the full acceptance validation.
      auto stageStart = Clock::now();
      // Without faults or findings in the parent, a screening run without
      // the instrumentation decides most candidates; one that passes or
      // looks better is screened again with it (the evidence to plan from
      // and a like-for-like comparison with its parent).
      bool quick = evaluator.hasQuickScreen() && !hasEvidence(state.eval);
      child->eval = quick ? evaluator.quickScreen(*child->module)
                          : evaluator.evaluate(*child->module, /*full=*/false);
      account(child->eval);
      auto instrumentedScreen = [&] {
        Evaluation e = evaluator.evaluate(*child->module, /*full=*/false);
        // (One screening of one candidate: its time counts, not another evaluation.)
        result.compileMs += e.compileMs;
        result.runMs += e.runMs;
        return e;
      };
      // A candidate that passes the quick screen goes straight to the full
      // validation: the instrumented screen is only needed when that or the
      // gate turns it down (its evidence is what the search plans from).
      bool screenDeferred = quick && !child->eval.error && child->eval.passed;
      if (quick && !child->eval.error && !child->eval.passed &&
          child->eval.measure < state.eval.measure * 0.999)
        child->eval = instrumentedScreen();
      rec.screenMs = msSince(stageStart);
      rec.screenCompileMs = child->eval.compileMs;
      rec.screenRunMs = child->eval.runMs;
      rec.screenCases = child->eval.caseTimes;
      bool gateRejected = false;
      if (child->eval.passed) {
        Evaluation screen = child->eval;
        stageStart = Clock::now();
        Evaluation full = evaluator.evaluate(*child->module, /*full=*/true);
        rec.fullMs = msSince(stageStart);
        account(full);
        child->eval = full;
        if (full.passed) {
          stageStart = Clock::now();
          std::string rejected = options.gate ? options.gate(*child) : "";
          rec.gateMs = options.gate ? msSince(stageStart) : -1;
          if (rejected.empty()) {
            rec.outcome = "accepted";
            rec.errorAfter = 0;
            rec.ms = msSince(stepStart);
            record(rec);
            planner.observe(action, state.eval, child->eval, true);
            result.repaired = true;
            result.best = std::move(child);
            return finish("success");
          }
          // Passes validation, not the gate (e.g. the race of a second bug
          // that did not change this run's values): a step forward that a
          // further repair may finish. It is kept like any improvement, with
          // the screening run's findings and the gate's reason to plan from.
          gateRejected = true;
          rec.note = rejected;
          if (screenDeferred)
            screen = instrumentedScreen();
          child->eval = gateOnlyEvaluation(std::move(screen), rejected);
        }
      }
      rec.errorAfter = child->eval.measure;
      // An enumerated edit must lower the error by more than the noise of
      // its worst-error term: most neighbours of a kernel move it a little.
      // And the fall must come from fewer wrong elements, faults or failing
      // sizes, not from the worst-error term alone (an edit that zeroes the
      // output shrinks the worst relative error of a kernel that is all wrong).
      double keepBelow = action.enumerated && !gateRejected ? 0.98 : 0.999;
      bool improved = !child->eval.error && child->eval.measure < state.eval.measure * keepBelow;
      // A candidate that already changes more of the source than the gate
      // allows is no step forward: a further repair only adds to the diff.
      if (gateRejected && llvm::StringRef(rec.note).contains("diff-too-large"))
        improved = false;
      if (improved && action.enumerated && !gateRejected)
        improved = coreFell(state.eval, child->eval);
      // A confident model's named edit that leaves the error where it was
      // but clears instrumented errors (an output written in full now, a
      // race gone): a step under a second bug that keeps every element
      // wrong (a NaN from elsewhere). Kept on that evidence; the search
      // goes on from it.
      // So is a barrier repair that ends a race the values did not show (a
      // GPU's schedule hid it at the tested sizes; the gate's race check and
      // held-out sizes would not).
      bool barrier = action.kind == Action::Pass && (action.pass == "kfix-repair-reuse-barrier" ||
                                                     action.pass == "kfix-repair-missing-barrier");
      if (!improved && (action.evidence || barrier) && !gateRejected && !child->eval.error &&
          child->eval.measure <= state.eval.measure * 1.001) {
        long fb = errorEvidence(state.eval), fa = errorEvidence(child->eval);
        if (barrier && raceFindings(child->eval) >= raceFindings(state.eval))
          fa = -1;
        if (fb > 0 && fa >= 0 && fa < fb) {
          improved = true;
          rec.note = llvm::formatv("the error holds; instrumented errors {0} -> {1}", fb, fa).str();
        }
      }
      // A repair of the KB's that leaves the same elements wrong, each much
      // closer (the first of two bugs that both touch every element): kept
      // as a step, the search goes on from it.
      if (!improved && !action.enumerated && !gateRejected && !child->eval.error &&
          child->eval.measure <= state.eval.measure * 1.001 &&
          muchCloser(state.eval, child->eval)) {
        improved = true;
        rec.note = "the same elements wrong, each much closer (median relative error down 4x "
                   "or more in every failing case)";
      }
      if (improved && stoppedWorking(state.eval, child->eval)) {
        improved = false;
        rec.note = "the candidate leaves its in-place outputs unchanged";
      }
      if (improved && zeroedOutput(state.eval, child->eval)) {
        improved = false;
        rec.note = "the error fell with all of the work: every element of the output is zero";
      }
      planner.observe(action, state.eval, child->eval, improved);
      if (gateRejected && !improved) {
        rec.outcome = "rejected-by-gate";
        rec.ms = msSince(stepStart);
        record(rec);
        if (++consecutiveFailures >= b.maxConsecutiveFailures && !toEdits(entry))
          return finish("debugging-trap");
        continue;
      }
      if (improved) {
        rec.outcome = gateRejected ? "rejected-by-gate" : "kept";
        rec.note = gateRejected       ? rec.note + " (kept: a further repair may complete it)"
                   : rec.note.empty() ? child->eval.summary
                                      : rec.note + ": " + child->eval.summary;
        consecutiveFailures = 0;
        if (child->eval.measure < bestMeasure) {
          bestMeasure = child->eval.measure;
          sinceImprovement = 0;
          result.best = snapshot(*child);
        }
        if (child->path.size() < b.maxDepth) {
          frontier.push_back({std::move(child), {}, false, 0, {}, order++});
          if (action.enumerated && b.enumeratedLookahead > 0) {
            if (!lookingAhead) {
              lookingAhead = true;
              lookahead = b.enumeratedLookahead;
            }
          } else {
            keptChild = true;
          }
        }
      } else {
        rec.outcome = "reverted";
        rec.note = child->eval.error  ? "the candidate broke: " + child->eval.summary
                   : rec.note.empty() ? child->eval.summary
                                      : rec.note + ": " + child->eval.summary;
        // A failed edit of an enumeration is expected: only budgets bound those.
        if (!action.enumerated) {
          if (child->eval.error || child->eval.measure > state.eval.measure * 1.001)
            ++consecutiveFailures;
          ++sinceImprovement;
        }
      }
      rec.ms = msSince(stepStart);
      record(rec);
      if (consecutiveFailures >= b.maxConsecutiveFailures && !toEdits(entry))
        return finish("debugging-trap");
      if (sinceImprovement >= b.patience && toEdits(entry)) {
        // Out of patience with the catalog here: this state's own edits first.
        sinceImprovement = 0;
        continue;
      }
      if (sinceImprovement >= b.patience) {
        // Out of patience with this state: the other states of the frontier
        // (a parent whose remaining actions were never tried) get a turn
        // first, a few times; then the search stops.
        if (frontier.empty() || patienceYields >= 3)
          return finish("no-progress");
        ++patienceYields;
        sinceImprovement = 0;
        ++entry.yields;
        yielded = true;
        break;
      }
    }
    if (entry.next < entry.actions.size() || (keptChild && planner.incremental()) ||
        (lookingAhead && planner.incremental()) || (yielded && planner.incremental()))
      frontier.push_back(std::move(entry));
  }
  return finish(result.iterations == 0 ? "no-candidate-repairs" : "exhausted");
}
