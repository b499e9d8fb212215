//===- Bench.h - `kfix bench`: the repair loop over a task directory -*- C++ -*-===//
//
// The benchmark runs `kfix::debugTask` on every task.json under a directory,
// each task in a forked child process with a wall-time limit (a crash or a
// hang is recorded as that task's error and the run goes on), and aggregates
// the outcomes: Debug Pass@1, costs per success, integrity rejections, errors,
// and breakdowns per bug class and per family (from the task's optional
// "kfix_bench": {"family", "bugs": [...], "note"} object). With a regenerate
// comparison, the same child also asks an LLM for fresh kernels and validates
// them with the same harness and gate (Regenerate.h).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_BENCH_BENCH_H
#define KFIX_BENCH_BENCH_H

#include "kfix/Agent/Debug.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <functional>
#include <string>
#include <vector>

namespace kfix::bench {

/// One task of the benchmark.
struct BenchTask {
  std::string path; ///< task.json
  std::string id;   ///< its directory relative to the benchmark directory ("." for the root)
  std::string name; ///< the manifest's name (or the id when it has none)
  std::string family = "unknown";
  std::vector<std::string> bugs; ///< bug classes; empty: none declared
  std::string note;              ///< what the operator computes (kfix_bench.note)
};

/// Reads the "name" and "kfix_bench" fields of a task.json (the manifest
/// itself is checked later, by the child that debugs it).
llvm::Expected<BenchTask> readBenchTask(llvm::StringRef taskPath, llvm::StringRef rootDir);

/// Every task.json under `dir`, sorted by path.
llvm::Expected<std::vector<BenchTask>> discoverTasks(llvm::StringRef dir);

/// A subset file: one task directory per line (relative to the benchmark
/// directory), `#` comments, and an optional `min-pass@1: X` line (a
/// fraction in [0,1]) that makes the run fail when Debug Pass@1 is lower.
struct Subset {
  std::vector<std::string> entries;
  std::optional<double> minPassAt1;
};
llvm::Expected<Subset> readSubset(llvm::StringRef path);
/// The tasks a subset names, in its order (error when an entry has no task.json).
llvm::Expected<std::vector<BenchTask>> loadSubset(llvm::StringRef dir, const Subset &subset);

/// Parses "I/N" with 0 <= I < N.
bool parseShard(llvm::StringRef text, unsigned &index, unsigned &count);

/// Regenerate comparison settings (`--compare regenerate`).
struct RegenerateOptions {
  bool enabled = false;
  unsigned k = 3; ///< attempts per task
  std::string llmBaseURL, llmModel, llmApiKeyEnv;
  double temperature = 0.7;
  unsigned maxReplyTokens = 4096;
  uint64_t tokenBudget = 0; ///< per task, 0 = none
};

struct BenchOptions {
  std::string target = "auto";
  DebugOptions debug;
  std::string ablation = "none"; ///< none | kb | diagnostics | integrity
  double taskTimeoutSec = 0;     ///< hard limit per task (0: budget + 60 s)
  bool isolate = true;           ///< fork a child per task
  unsigned jobs = 1;             ///< tasks run at once (isolated tasks only)
  RegenerateOptions regenerate;
  bool quiet = false;
};

/// One regeneration attempt.
struct RegenAttempt {
  /// pass, fail, gate-rejected, compile-error, no-code, llm-error, error,
  /// timeout (the task hit its limit during the regenerations)
  std::string outcome;
  std::string detail;
  uint64_t tokens = 0;
};

/// What one task gave.
struct TaskOutcome {
  BenchTask task;
  /// repaired, already-passing, not-repaired, error, crash, timeout
  std::string verdict;
  std::string stopReason, error;
  unsigned evaluations = 0, iterations = 0;
  double wallMs = 0;
  uint64_t promptTokens = 0, completionTokens = 0;
  /// Accepted by the loop, rejected by the integrity gate.
  std::vector<std::string> gateRejections;
  /// --ablate integrity: the gate would have rejected the accepted repair.
  bool gateWouldReject = false;
  std::string gateWouldRejectReason;
  std::vector<std::string> repairs; ///< descriptions of the accepted repair path
  std::vector<RegenAttempt> regen;

  bool solved() const { return verdict == "repaired"; }
  bool isError() const { return verdict == "error" || verdict == "crash" || verdict == "timeout"; }
  llvm::json::Value toJSON() const;
};
bool fromJSON(const llvm::json::Value &v, TaskOutcome &out, llvm::json::Path p);

/// Runs one task in this process: debugTask, debug outputs into `outDir`, and
/// the regenerate attempts when enabled. `checkpoint` (optional) gets the
/// outcome of the debug run before the regenerations start.
TaskOutcome runTaskInProcess(const BenchTask &task, const BenchOptions &opts,
                             llvm::StringRef outDir,
                             std::function<void(const TaskOutcome &)> checkpoint = {});

/// Runs one task in a forked child with a wall-time limit; the child writes
/// outcome.json into `outDir`.
TaskOutcome runTaskIsolated(const BenchTask &task, const BenchOptions &opts,
                            llvm::StringRef outDir);

/// Aggregates of one benchmark run.
struct Group {
  std::string key;
  unsigned tasks = 0, repaired = 0, alreadyPassing = 0, errors = 0;
  unsigned regenTasksSolved = 0; ///< tasks with at least one passing regeneration
  double regenPass1Sum = 0;      ///< sum over attempted tasks of passes/attempts
  unsigned regenTasks = 0;
  /// repaired / (tasks - already passing); 0 when there is none.
  double passAt1() const;
};

struct Summary {
  std::string dir, target, planner, ablation, shard;
  Group all;
  std::vector<Group> byClass, byFamily;
  unsigned evaluationsAll = 0, evaluationsSolved = 0;
  double wallMsAll = 0, wallMsSolved = 0;
  uint64_t tokensDebug = 0;
  unsigned gateRejectionTasks = 0, gateRejections = 0, gateWouldReject = 0;
  unsigned crashes = 0, timeouts = 0;
  // Regenerate.
  bool regenerate = false;
  unsigned k = 0, regenAttempts = 0, regenPasses = 0;
  uint64_t tokensRegen = 0;
  double regenPassAt1 = 0, regenPassAtK = 0;
  std::optional<double> minPassAt1; ///< the regression threshold, when one was given
  std::vector<TaskOutcome> outcomes;
  llvm::json::Value toJSON() const;
};

Summary summarize(std::vector<TaskOutcome> outcomes);

/// results.md, the SVG chart, the --all-ablations comparison table.
std::string renderMarkdown(const Summary &s);
std::string renderSVG(const Summary &s);
std::string renderComparison(const std::vector<std::pair<std::string, Summary>> &runs);

/// Writes `text` to `path` through a temporary file and a rename.
bool writeFileAtomic(llvm::StringRef path, llvm::StringRef text, std::string &error);

} // namespace kfix::bench

#endif
