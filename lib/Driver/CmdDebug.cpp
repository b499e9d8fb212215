//===- CmdDebug.cpp - `kfix debug`: repair a near-miss kernel -------------===//
//
//   kfix debug TASK.json -o OUTDIR [--planner kb|llm] [--target auto|cpu|cuda]
//              [--max-iters N] [--max-evals N] [--max-tokens N] [--time-limit S]
//   kfix debug --batch DIR -o OUTDIR [--shard I/N] ...
//
// Exit status (single task): 0 repaired (and delivered) or already passing,
// 1 not repaired or not delivered (no delivery compiles where the user's file
// does, --check-compile),
// 2 error, 3 not verified (the candidate uses a construct the lifter cannot
// read: `not verified: <construct> (FILE:LINE:COL)`). Batch: 0 when every task ran (whatever the
// verdicts), 2 otherwise.
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/Debug.h"
#include "kfix/Agent/Session.h"
#include "kfix/Driver/Args.h"
#include "kfix/Driver/Driver.h"
#include "kfix/Report/Report.h"
#include "kfix/Runtime/Deadline.h"
#include "kfix/Runtime/KernelSource.h"
#include "kfix/Runtime/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <mutex>
#include <thread>
#include <unistd.h>

using namespace kfix;

static std::atomic<bool> gInterrupted{false};
static std::atomic<bool> gTerminated{false};
static void onSigint(int) { gInterrupted = true; }
static void onSigterm(int) {
  gInterrupted = true;
  gTerminated = true;
}

namespace {
/// report.json while the run goes: written (atomically) when the run starts and
/// after every step, so a run killed from outside, or ended by the watchdog,
/// leaves a valid report saying how far it got ("incomplete": true). The final
/// report replaces it.
class ProgressReport {
public:
  ProgressReport(std::string path, llvm::json::Object header)
      : path(std::move(path)), header(std::move(header)), start(std::chrono::steady_clock::now()) {}

  void step(const StepRecord &st) {
    std::lock_guard<std::mutex> lock(m);
    steps.push_back(st.toJSON());
    writeLocked(DebugVerdict::NotRepaired, "running");
  }
  void begin() {
    std::lock_guard<std::mutex> lock(m);
    writeLocked(DebugVerdict::NotRepaired, "running");
  }
  /// The final outputs are being written: the progress report stands down.
  void finish() {
    std::lock_guard<std::mutex> lock(m);
    finished = true;
  }
  /// The watchdog's last word. False when the final report is already written.
  bool abort(llvm::StringRef stopReason, llvm::StringRef error) {
    std::lock_guard<std::mutex> lock(m);
    if (finished)
      return false;
    lastError = error.str();
    writeLocked(DebugVerdict::NotRepaired, stopReason);
    return true;
  }

private:
  void writeLocked(DebugVerdict verdict, llvm::StringRef stopReason) {
    llvm::json::Object o = header;
    o["verdict"] = toString(verdict);
    o["stop_reason"] = stopReason;
    o["incomplete"] = true;
    o["iterations"] = llvm::json::Array(steps);
    o["costs"] = llvm::json::Object{{"wall_ms", std::chrono::duration<double, std::milli>(
                                                    std::chrono::steady_clock::now() - start)
                                                    .count()}};
    if (!lastError.empty())
      o["error"] = lastError;
    if (llvm::Error e = writeFileAtomically(
            path, llvm::formatv("{0:2}", llvm::json::Value(std::move(o))).str() + "\n"))
      llvm::consumeError(std::move(e));
  }

  std::mutex m;
  std::string path;
  llvm::json::Object header;
  std::vector<llvm::json::Value> steps;
  std::chrono::steady_clock::time_point start;
  std::string lastError;
  bool finished = false;
};

/// Holds the time budget from outside the loop: the loop stops itself between
/// steps at --time-limit; a step that runs on past it (a compile, a reference
/// run, a kernel that hangs) is ended here, `grace` seconds later, with the
/// progress report saying so. SIGTERM gets the same treatment after 5 s.
class Watchdog {
public:
  /// `start`: when the run began (the budget counts the lifting and the
  /// compiles before the loop too).
  Watchdog(ProgressReport &report, double limitSec, std::chrono::steady_clock::time_point start)
      : report(report), limitSec(limitSec), grace(std::clamp(0.05 * limitSec, 2.0, 30.0)),
        start(start), thread([this] { run(); }) {}
  ~Watchdog() {
    stop = true;
    thread.join();
  }

private:
  void run() {
    std::optional<std::chrono::steady_clock::time_point> termAt;
    while (!stop) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      auto now = std::chrono::steady_clock::now();
      double t = std::chrono::duration<double>(now - start).count();
      if (gTerminated && !termAt)
        termAt = now;
      bool overTime = limitSec > 0 && t > limitSec + grace;
      bool overTerm = termAt && std::chrono::duration<double>(now - *termAt).count() > 5;
      if (!overTime && !overTerm)
        continue;
      std::string why =
          overTime ? llvm::formatv("the time limit of {0} s ended during a step (stopped {1:F1} s "
                                   "later); the report holds the steps completed",
                                   limitSec, t - limitSec)
                         .str()
                   : "terminated (SIGTERM) during a step; the report holds the steps completed";
      if (!report.abort(overTime ? "time-limit" : "interrupted", why)) {
        // The final report is being written (the delivered patch is validated
        // first): a minute more, then the last progress report stands.
        if (!(limitSec > 0 && t > limitSec + grace + 60))
          continue;
        why = "the time limit ended while the final outputs were written";
      }
      llvm::errs() << "kfix debug: " << why << "\n";
      llvm::errs().flush();
      llvm::outs().flush();
      _exit(overTime ? 1 : 2);
    }
  }

  ProgressReport &report;
  double limitSec, grace;
  std::chrono::steady_clock::time_point start;
  std::atomic<bool> stop{false};
  std::thread thread;
};
} // namespace

static void declareCommonOptions(Args &args) {
  args.option("output", "output directory (created; the user's files are never overwritten)",
              {"-o"})
      .option("planner", "kb (default: the KB, then the edit search; no network), edits (the edit "
                         "search alone) or llm (OpenAI-compatible endpoint)")
      .option("target", "auto (GPU when present), cpu or cuda")
      .option("candidate", "the kernel to repair (default: the task's source)")
      .option("max-iters", "repair actions to try (default 160)")
      .option("max-evals", "kernel evaluations (default 240)")
      .option("max-tokens", "LLM tokens, prompt + completion (default 200000)")
      .option("time-limit", "wall-clock seconds (default 600)")
      .option("patience", "steps without a fall in the error before stopping (default 12)")
      .option("kb", "knowledge-base directory")
      .option("llm-base-url", "OpenAI-compatible base URL (else $KFIX_LLM_BASE_URL)")
      .option("llm-model", "model name (else $KFIX_LLM_MODEL)")
      .option("llm-api-key-env",
              "NAME of the variable holding the API key (default KFIX_LLM_API_KEY)")
      .option("llm-temperature", "sampling temperature (default 0)")
      .option("llm-max-tokens", "tokens per reply (default 2048; capped by the budget left)")
      .option("llm-timeout-ms", "per HTTP request, connection included (default 120000)")
      .option("llm-max-retries", "retries on 429/5xx/timeouts/connection errors (default 4)")
      .option("llm-backoff-ms", "first retry backoff, doubling (default 500)")
      .option("llm-backoff-cap-ms", "longest retry backoff (default 30000)")
      .option("llm-seed", "seed of the backoff jitter (default 0)")
      .option("llm-token-budget",
              "prompt + completion tokens for the session (same as --max-tokens)")
      .flag("llm-no-response-format",
            "never send response_format (servers without structured output)")
      .option("ablate", "kb | edits | diagnostics | integrity: switch a component off (benchmarks)")
      .option("gate-checks",
              "only these integrity checks, comma-separated (static, ghost-replay, "
              "held-out-seeds, held-out-sizes, widened-inputs, constant-inputs, perturbation, "
              "element-dependence, data-race; default all)")
      .option("batch", "debug every task.json under DIR")
      .option("shard", "I/N: only the tasks whose index % N == I (batch)")
      .option("check-compile",
              "nvrtc, nvcc, nvrtc,nvcc, all or none: compile the user's file and the delivered "
              "one with these compilers where present; a delivery that does not compile where "
              "the user's file does is not delivered (default: all for the cuda target, none "
              "for cpu)")
      .option("speed-check",
              "auto, on or off: time an accepted repair beside the kernel as given on the "
              "task's largest size (report.json speed; default auto: on for the cuda target)")
      .flag("quiet", "print only the verdict line");
}

static bool readOptions(const Args &args, DebugOptions &o, std::string &err) {
  o.planner = args.get("planner", "kb");
  if (o.planner != "kb" && o.planner != "edits" && o.planner != "llm") {
    err = "--planner must be kb, edits or llm";
    return false;
  }
  int64_t v;
  if (!args.getInt("max-iters", v, Budgets().maxIters, err))
    return false;
  o.budgets.maxIters = v;
  if (!args.getInt("max-evals", v, Budgets().maxEvals, err))
    return false;
  o.budgets.maxEvals = v;
  if (!args.getInt("max-tokens", v, 200000, err))
    return false;
  o.budgets.maxTokens = v;
  if (!args.getInt("patience", v, 12, err))
    return false;
  o.budgets.patience = v;
  double t;
  if (!args.getDouble("time-limit", t, 600, err))
    return false;
  o.budgets.timeLimitSec = t;
  o.kbDir = args.get("kb", "");
  o.llmBaseURL = args.get("llm-base-url", "");
  o.llmModel = args.get("llm-model", "");
  o.llmApiKeyEnv = args.get("llm-api-key-env", "");
  if (args.has("llm-token-budget")) {
    if (args.has("max-tokens")) {
      err = "--llm-token-budget and --max-tokens set the same budget: give one";
      return false;
    }
    if (!args.getInt("llm-token-budget", v, 0, err))
      return false;
    if (v < 0) {
      err = "--llm-token-budget must not be negative";
      return false;
    }
    o.budgets.maxTokens = v;
  }
  if (args.has("llm-temperature")) {
    if (!args.getDouble("llm-temperature", t, 0, err))
      return false;
    if (!(t >= 0 && t <= 2)) {
      err = "--llm-temperature must be between 0 and 2";
      return false;
    }
    o.llmTuning.temperature = t;
  }
  // Non-negative integer knobs, each into its optional field.
  struct UIntFlag {
    const char *name;
    std::optional<unsigned> *field;
  } uints[] = {{"llm-max-tokens", &o.llmTuning.maxTokens},
               {"llm-timeout-ms", &o.llmTuning.timeoutMs},
               {"llm-max-retries", &o.llmTuning.maxRetries},
               {"llm-backoff-ms", &o.llmTuning.backoffBaseMs},
               {"llm-backoff-cap-ms", &o.llmTuning.backoffCapMs}};
  for (const UIntFlag &f : uints) {
    if (!args.has(f.name))
      continue;
    if (!args.getInt(f.name, v, 0, err))
      return false;
    if (v < 0 || v > int64_t(UINT32_MAX)) {
      err = std::string("--") + f.name + " must be a non-negative integer";
      return false;
    }
    *f.field = static_cast<unsigned>(v);
  }
  if (args.has("llm-seed")) {
    if (!args.getInt("llm-seed", v, 0, err))
      return false;
    o.llmTuning.seed = static_cast<uint64_t>(v);
  }
  if (args.has("llm-no-response-format"))
    o.llmTuning.useResponseFormat = false;
  if (auto a = args.get("ablate")) {
    if (*a == "kb")
      o.useKB = false;
    else if (*a == "edits")
      o.useEdits = false;
    else if (*a == "diagnostics")
      o.useDiagnostics = false;
    else if (*a == "integrity")
      o.useGate = false;
    else {
      err = "--ablate must be kb, edits, diagnostics or integrity";
      return false;
    }
  }
  if (auto g = args.get("gate-checks")) {
    if (o.useGate == false) {
      err = "--gate-checks and --ablate integrity contradict each other";
      return false;
    }
    if (llvm::Error e = selectGateChecks(*g, o.gate)) {
      err = "--gate-checks: " + llvm::toString(std::move(e));
      return false;
    }
  }
  if (auto c = args.get("check-compile")) {
    o.delivery.compilers = parseCheckCompilers(*c);
    if (!o.delivery.compilers) {
      err = "--check-compile must be nvrtc, nvcc, nvrtc,nvcc, all or none";
      return false;
    }
  }
  o.speedCheck = args.get("speed-check", "auto");
  if (o.speedCheck != "auto" && o.speedCheck != "on" && o.speedCheck != "off") {
    err = "--speed-check must be auto, on or off";
    return false;
  }
  o.interrupted = &gInterrupted;
  return true;
}

/// Debugs one task into `outDir`; prints progress unless quiet. Returns the
/// result (verdict "error" with a message when the task cannot be opened).
static DebugResult debugOne(llvm::StringRef taskPath, llvm::StringRef candidate,
                            llvm::StringRef target, const DebugOptions &opts,
                            llvm::StringRef outDir, bool quiet, std::string &taskName,
                            bool hardLimit, std::string *notDelivered = nullptr) {
  auto t0 = std::chrono::steady_clock::now();
  DebugResult r;
  SessionError serr;
  auto s = openSession(taskPath, candidate, target, serr);
  if (!s) {
    std::optional<Unliftable> u;
    if (serr.stage == "candidate")
      u = findUnliftable(serr.message);
    r.verdict = u ? DebugVerdict::NotVerified : DebugVerdict::Error;
    r.error = u ? u->message() : serr.stage + ": " + serr.message;
    if (u && !llvm::sys::fs::create_directories(outDir)) {
      // A pipeline reads the verdict from report.json as from a finished run.
      llvm::SmallString<256> reportPath(outDir);
      llvm::sys::path::append(reportPath, "report.json");
      llvm::json::Object o{{"kfix_report", 1},
                           {"command", "debug"},
                           {"task", taskPath},
                           {"verdict", toString(DebugVerdict::NotVerified)},
                           {"error", r.error},
                           {"not_verified", llvm::json::Object{{"construct", u->construct},
                                                               {"location", u->location}}}};
      llvm::consumeError(writeFileAtomically(
          std::string(reportPath),
          llvm::formatv("{0:2}", llvm::json::Value(std::move(o))).str() + "\n"));
    }
    return r;
  }
  taskName = s->task.name;
  // trace.jsonl is written as the loop goes, so an interrupted run keeps it.
  llvm::SmallString<256> tracePath(outDir);
  llvm::sys::path::append(tracePath, "trace.jsonl");
  if (auto ec = llvm::sys::fs::create_directories(outDir)) {
    r.verdict = DebugVerdict::Error;
    r.error = "cannot create " + outDir.str() + ": " + ec.message();
    return r;
  }
  for (const std::string &p : s->protectedFiles()) {
    bool same = false;
    if (!p.empty() && !llvm::sys::fs::equivalent(tracePath, p, same) && same) {
      r.verdict = DebugVerdict::Error;
      r.error = "-o " + outDir.str() + " would overwrite an input of the task";
      return r;
    }
  }
  std::error_code ec;
  llvm::raw_fd_ostream trace(tracePath, ec);
  if (ec) {
    r.verdict = DebugVerdict::Error;
    r.error = "cannot write " + std::string(tracePath) + ": " + ec.message();
    return r;
  }
  if (!quiet)
    llvm::outs() << "kfix debug " << s->task.name << " (" << s->candidatePath << ", target "
                 << s->executor->name() << ", planner " << opts.planner << ")\n";
  llvm::SmallString<256> reportPath(outDir);
  llvm::sys::path::append(reportPath, "report.json");
  ProgressReport progress(std::string(reportPath),
                          llvm::json::Object{{"task", s->task.name},
                                             {"candidate", s->candidatePath},
                                             {"target", s->executor->name()},
                                             {"time_limit_s", opts.budgets.timeLimitSec}});
  progress.begin();
  std::optional<Watchdog> watchdog;
  if (hardLimit)
    watchdog.emplace(progress, opts.budgets.timeLimitSec, t0);
  setProcessDeadline(opts.budgets.timeLimitSec -
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  r = debugTask(*s, opts, [&](const StepRecord &st) {
    trace << llvm::formatv("{0}", st.toJSON()) << "\n";
    trace.flush();
    progress.step(st);
    if (!quiet)
      llvm::outs() << llvm::formatv("  step {0,3}  {1,-16} {2:F4} -> {3:F4}  {4}\n", st.iteration,
                                    st.outcome, st.errorBefore, st.errorAfter,
                                    st.action.describe());
  });
  clearProcessDeadline();
  if (gInterrupted && r.stopReason != "success")
    r.stopReason = "interrupted";
  progress.finish();
  std::string werr;
  std::string undelivered;
  if (!writeDebugOutputs(*s, r, outDir, werr, opts.delivery, &undelivered) || !werr.empty())
    llvm::errs() << "kfix debug: " << werr;
  if (!undelivered.empty()) {
    llvm::errs() << "kfix debug: the repair is not delivered: " << undelivered << "\n";
    if (notDelivered)
      *notDelivered = undelivered;
  }
  if (!quiet) {
    if (r.before)
      llvm::outs() << "  before: " << r.before->summary << "\n";
    if (!r.search.originalGateRejection.empty())
      llvm::outs() << "  the kernel as given passes validation, but the integrity gate rejects "
                      "it: "
                   << r.search.originalGateRejection << "\n";
    if (r.after)
      llvm::outs() << "  after:  " << r.after->summary << "\n";
    if (std::string c = r.compileSummary(*s); !c.empty())
      llvm::outs() << "  " << c << "\n";
    if (r.speed)
      if (std::string sp = r.speed->summary(); !sp.empty())
        llvm::outs() << "  " << sp << "\n";
    if (r.gateReport && !r.gateReport->sizeLimited.empty())
      llvm::outs() << "  size-limited: " << r.gateReport->sizeLimited << "\n";
    for (auto &g : r.gateRejections)
      llvm::outs() << "  accepted by the loop, rejected by the integrity gate: " << g << "\n";
  }
  // The candidates live in the session's context, which ends here.
  r.search.best.reset();
  return r;
}

static int batchMain(const Args &args, const DebugOptions &opts, llvm::StringRef outDir) {
  std::string dir = *args.get("batch");
  std::vector<std::string> tasks;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::filename(it->path()) == "task.json")
      tasks.push_back(it->path());
  if (ec || tasks.empty()) {
    llvm::errs() << "kfix debug --batch: no task.json under " << dir << "\n";
    return 2;
  }
  llvm::sort(tasks);
  int64_t shard = 0, shards = 1;
  if (auto sh = args.get("shard")) {
    auto [a, b] = llvm::StringRef(*sh).split('/');
    if (a.getAsInteger(10, shard) || b.getAsInteger(10, shards) || shards <= 0 || shard < 0 ||
        shard >= shards) {
      llvm::errs() << "kfix debug: --shard must be I/N with 0 <= I < N\n";
      return 2;
    }
  }
  std::vector<std::string> mine;
  for (size_t i = 0; i < tasks.size(); ++i)
    if ((int64_t)(i % shards) == shard)
      mine.push_back(tasks[i]);
  llvm::SmallString<256> resultsPath(outDir);
  llvm::sys::path::append(resultsPath, "results.jsonl");
  llvm::sys::fs::create_directories(outDir);
  llvm::raw_fd_ostream results(resultsPath, ec);
  if (ec) {
    llvm::errs() << "kfix debug: cannot write " << resultsPath << ": " << ec.message() << "\n";
    return 2;
  }
  struct Row {
    std::string name;
    DebugVerdict verdict;
    std::string stop;
    unsigned evals;
    double ms;
  };
  std::vector<Row> rows;
  unsigned repaired = 0, errors = 0;
  for (size_t i = 0; i < mine.size() && !gInterrupted; ++i) {
    std::string rel = mine[i].substr(dir.size());
    llvm::SmallString<256> out(outDir);
    llvm::sys::path::append(out, llvm::sys::path::parent_path(rel));
    std::string name;
    DebugResult r = debugOne(mine[i], "", args.get("target", "auto"), opts, out, true, name, false);
    if (name.empty())
      name = llvm::sys::path::parent_path(rel).str();
    repaired += r.verdict == DebugVerdict::Repaired || r.verdict == DebugVerdict::AlreadyPassing;
    errors += r.verdict == DebugVerdict::Error || r.verdict == DebugVerdict::NotVerified;
    rows.push_back({name, r.verdict, r.stopReason, r.search.evaluations, r.wallMs});
    llvm::json::Object line{{"task", mine[i]},
                            {"name", name},
                            {"verdict", toString(r.verdict)},
                            {"stop_reason", r.stopReason},
                            {"evaluations", r.search.evaluations},
                            {"wall_ms", r.wallMs},
                            {"gate_rejections", r.gateRejections.size()}};
    if (!r.error.empty())
      line["error"] = r.error;
    results << llvm::formatv("{0}", llvm::json::Value(std::move(line))) << "\n";
    results.flush();
    llvm::outs() << llvm::formatv("[{0}/{1}] {2,-32} {3,-16} {4}\n", i + 1, mine.size(), name,
                                  toString(r.verdict), r.error.empty() ? r.stopReason : r.error);
    llvm::outs().flush();
  }
  llvm::outs() << "\n"
               << llvm::formatv("{0,-32} {1,-16} {2,-20} {3,6} {4,10}\n", "task", "verdict", "stop",
                                "evals", "ms");
  for (auto &row : rows)
    llvm::outs() << llvm::formatv("{0,-32} {1,-16} {2,-20} {3,6} {4,10:F0}\n", row.name,
                                  toString(row.verdict), row.stop, row.evals, row.ms);
  llvm::outs() << llvm::formatv("\n{0} of {1} repaired ({2} errors); results in {3}\n", repaired,
                                rows.size(), errors, resultsPath);
  return gInterrupted ? 2 : 0;
}

static int debugMain(int argc, char **argv) {
  Args args(
      "kfix debug TASK.json -o OUTDIR [options] | kfix debug --batch DIR -o OUTDIR [options]");
  declareCommonOptions(args);
  int code = 0;
  if (!args.parse(argc, argv, code))
    return code;
  DebugOptions opts;
  std::string err;
  if (!readOptions(args, opts, err)) {
    llvm::errs() << "kfix debug: " << err << "\n";
    return 2;
  }
  auto out = args.get("output");
  if (!out) {
    llvm::errs() << "kfix debug: -o OUTDIR is required\n";
    return 2;
  }
  std::signal(SIGINT, onSigint);
  std::signal(SIGTERM, onSigterm);
  if (args.has("batch"))
    return batchMain(args, opts, *out);
  if (args.positionals().size() != 1) {
    args.printHelp(llvm::errs());
    return 2;
  }
  std::string name, notDelivered;
  DebugResult r = debugOne(args.positionals()[0], args.get("candidate", ""),
                           args.get("target", "auto"), opts, *out, args.has("quiet"), name,
                           /*hardLimit=*/true, &notDelivered);
  if (r.verdict == DebugVerdict::NotVerified) {
    llvm::errs() << "kfix debug: " << r.error << "\n";
    return kExitNotVerified;
  }
  if (r.verdict == DebugVerdict::Error) {
    llvm::errs() << "kfix debug: error: " << r.error << "\n";
    // Still leave a report when the task itself could be read.
    return 2;
  }
  if (!r.error.empty())
    llvm::outs() << "  " << r.error << "\n";
  llvm::outs() << "verdict: " << toString(r.verdict) << " (stop reason: " << r.stopReason << ")"
               << (notDelivered.empty() ? "" : ", not delivered") << "; outputs in " << *out
               << "\n";
  // A repair that cannot be delivered is no success.
  if (!notDelivered.empty())
    return 1;
  return r.verdict == DebugVerdict::Repaired || r.verdict == DebugVerdict::AlreadyPassing ? 0 : 1;
}

static bool registered = (registerSubcommand({"debug",
                                              "repair a near-miss kernel: diagnose, retrieve, "
                                              "plan, apply, validate, integrity gate",
                                              debugMain}),
                          true);
