//===- Debug.h - `kfix debug`: the repair loop on a task --------*- C++ -*-===//
#ifndef KFIX_AGENT_DEBUG_H
#define KFIX_AGENT_DEBUG_H

#include "kfix/Agent/Delivery.h"
#include "kfix/Agent/Diagnosis.h"
#include "kfix/Agent/KernelTime.h"
#include "kfix/Agent/Search.h"
#include "kfix/Agent/Session.h"
#include "kfix/Integrity/Gate.h"
#include "kfix/KB/KnowledgeBase.h"
#include "kfix/LLM/Client.h"

#include <atomic>
#include <optional>

namespace kfix {

/// Evaluates candidates of a task: screening = one seed per size with the
/// instrumented diagnosis; full = the whole task (every seed, twice).
class TaskEvaluator : public Evaluator {
public:
  TaskEvaluator(Session &s, bool useDiagnostics) : s(s), useDiagnostics(useDiagnostics) {}
  Evaluation evaluate(mlir::ModuleOp module, bool full) override;
  Evaluation quickScreen(mlir::ModuleOp module) override;
  bool hasQuickScreen() const override { return useDiagnostics; }
  mlir::OwningOpRef<mlir::ModuleOp> relift(const std::string &source, std::string &error) override;
  /// The most recent diagnosis of a candidate that was evaluated in full.
  std::optional<Diagnosis> lastFull;
  std::optional<Diagnosis> first; ///< the diagnosis of the first candidate evaluated

private:
  Session &s;
  bool useDiagnostics;
};

struct DebugOptions {
  std::string planner = "kb"; ///< kb (KB, then the edit search) | edits (edit search only) | llm
  Budgets budgets;
  bool useKB = true;          ///< false: ablation, repairs in a fixed order
  bool useEdits = true;       ///< false: ablation, no edit search after the KB (EditSearch.h)
  bool useDiagnostics = true; ///< false: ablation, validation errors only
  bool useGate = true;        ///< false: ablation, accept what the loop accepts
  GateOptions gate;
  std::string kbDir;
  /// LLM planner settings (flags; the environment fills the rest).
  std::string llmBaseURL, llmModel, llmApiKeyEnv;
  /// The other --llm-* knobs (temperature, per-reply tokens, timeouts, retries,
  /// backoff, seed, response_format); unset fields keep the client's defaults.
  llm::LLMConfigOverrides llmTuning;
  /// How the repair is delivered (--check-compile); used by writeDebugOutputs.
  DeliveryOptions delivery;
  std::atomic<bool> *interrupted = nullptr;
  /// Time an accepted repair beside the kernel as given (--speed-check):
  /// auto = on the cuda target only, on, off.
  std::string speedCheck = "auto";
};

/// The verdict of `kfix debug` on a task.
enum class DebugVerdict {
  Repaired,
  AlreadyPassing, ///< the kernel as given passes
  NotRepaired,
  Error,      ///< the task or the loop could not be run; DebugResult::error says why
  NotVerified ///< the candidate uses a construct kfix cannot lift
};
/// "repaired" | "already-passing" | "not-repaired" | "error" | "not-verified".
llvm::StringRef toString(DebugVerdict v);
std::optional<DebugVerdict> parseDebugVerdict(llvm::StringRef s);

struct DebugResult {
  DebugVerdict verdict = DebugVerdict::Error;
  std::string stopReason;
  std::string error;
  /// Candidates the loop accepted but the integrity gate rejected, with reasons.
  std::vector<std::string> gateRejections;
  /// Ablation without the gate: would the gate have rejected the accepted one?
  std::optional<GateReport> gateReport;
  SearchResult search;
  std::optional<Diagnosis> before, after;
  uint64_t promptTokens = 0, completionTokens = 0;
  double wallMs = 0;
  /// With an accepted repair: compiles of the accepted module itself over
  /// the run (screening compiles it; validation and the gate hit the cache),
  /// and the accepted step's compiles and cache hits (its instrumented and
  /// ghost variants included).
  unsigned acceptedModuleCompiles = 0;
  int64_t acceptedStepCompiles = -1, acceptedStepCacheHits = -1;
  /// The accepted repair's kernel time beside the kernel as given.
  std::optional<SpeedCheck> speed;
  llvm::json::Value toJSON(const Session &s) const;
  /// One line for the terminal and report.html: the run's compiles and
  /// cache hits ("" without a compile cache).
  std::string compileSummary(const Session &s) const;
};

/// Runs the loop. `onStep` gets every step as it happens (trace.jsonl).
DebugResult debugTask(Session &s, const DebugOptions &opts,
                      std::function<void(const StepRecord &)> onStep = {});

/// Writes repaired.mlir, repaired.cu, repaired.ptx, report.json, report.html
/// (and best-attempt.mlir when not repaired) into `dir`. A repair is delivered
/// as a patch of the user's file (repaired.cu, repair.diff; Delivery.h), which
/// is re-lifted and validated with the task here (hence the mutable session);
/// the regenerated kernel is the fallback; `delivery` says which compilers
/// check the delivered file. A repair with nothing deliverable (no candidate
/// compiles where the user's file does) writes no repaired.cu and sets
/// `notDelivered` to why. Errors are reported and counted; returns false when
/// a file could not be written.
bool writeDebugOutputs(Session &s, const DebugResult &r, llvm::StringRef dir, std::string &error,
                       const DeliveryOptions &delivery = {}, std::string *notDelivered = nullptr);

} // namespace kfix

#endif
