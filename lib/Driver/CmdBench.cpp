//===- CmdBench.cpp - `kfix bench`: the repair loop over a task directory -===//
//
//   kfix bench DIR -o RESULTS [--target cpu|cuda] [--planner kb|edits|llm]
//              [--ablate kb|edits|diagnostics|integrity | --all-ablations]
//              [--compare regenerate [--k K]] [--shard I/N] [--subset FILE]
//              [--min-pass-at-1 X] [--task-timeout S] [budget flags of kfix debug]
//
// Writes RESULTS/results.json, results.md, pass-at-1.svg and, per task,
// RESULTS/tasks/<task dir>/ (kfix debug's outputs, trace.jsonl, outcome.json).
// --all-ablations: one such directory per configuration under RESULTS/ and
// RESULTS/comparison.md. Exit status: 0 the run completed (whatever the
// verdicts), 1 Debug Pass@1 is below the threshold (--min-pass-at-1 or the
// subset file's `min-pass@1:`), 2 usage or I/O error, or interrupted.
//
//===----------------------------------------------------------------------===//
#include "kfix/Bench/Bench.h"
#include "kfix/Driver/Args.h"
#include "kfix/Driver/Driver.h"
#include "kfix/LLM/Client.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>
#include <csignal>

using namespace kfix;
using namespace kfix::bench;

static std::atomic<bool> gInterrupted{false};
static void onSigint(int) { gInterrupted = true; }

static void declareOptions(Args &args) {
  args.option("output", "results directory (created)", {"-o"})
      .option("target", "auto (GPU when present), cpu or cuda")
      .option("planner",
              "kb (default: the KB, then the edit search), edits (the edit search alone) or llm")
      .option("ablate", "kb | edits | diagnostics | integrity: switch a component off")
      .flag("all-ablations", "run the full system and each ablation; write comparison.md")
      .option("compare", "regenerate: also ask the LLM for fresh kernels (baseline)")
      .option("k", "regeneration attempts per task (default 3)")
      .option("regen-temperature", "sampling temperature of the regenerations (default 0.7)")
      .option("shard", "I/N: only the tasks whose index % N == I")
      .option("subset", "FILE: the task directories to run (one a line; `min-pass@1: X`)")
      .option("min-pass-at-1", "fail (exit 1) when Debug Pass@1 is below this fraction")
      .option("task-timeout", "hard wall-clock limit per task in seconds (default: "
                              "--time-limit + 60)")
      .flag("no-isolate", "run the tasks in this process (debugging kfix bench itself)")
      .option("jobs",
              "tasks run at once, each in its own process (default 1; per-task "
              "wall times then include contention)",
              {"-j"})
      .option("max-iters", "repair actions to try per task (default 160)")
      .option("max-evals", "kernel evaluations per task (default 240)")
      .option("max-tokens", "LLM tokens per task (default 200000)")
      .option("time-limit", "the loop's wall-clock budget per task in seconds (default 600)")
      .option("patience", "steps without a fall in the error before stopping (default 12)")
      .option("kb", "knowledge-base directory")
      .option("llm-base-url", "OpenAI-compatible base URL (else $KFIX_LLM_BASE_URL)")
      .option("llm-model", "model name (else $KFIX_LLM_MODEL)")
      .option("llm-api-key-env", "NAME of the variable holding the API key")
      .flag("quiet", "print only the summary");
}

static bool readOptions(const Args &args, BenchOptions &o, std::string &err) {
  DebugOptions &d = o.debug;
  d.planner = args.get("planner", "kb");
  if (d.planner != "kb" && d.planner != "edits" && d.planner != "llm") {
    err = "--planner must be kb, edits or llm";
    return false;
  }
  o.target = args.get("target", "auto");
  int64_t v;
  if (!args.getInt("max-iters", v, Budgets().maxIters, err))
    return false;
  d.budgets.maxIters = v;
  if (!args.getInt("max-evals", v, Budgets().maxEvals, err))
    return false;
  d.budgets.maxEvals = v;
  if (!args.getInt("max-tokens", v, 200000, err))
    return false;
  d.budgets.maxTokens = v;
  if (!args.getInt("patience", v, 12, err))
    return false;
  d.budgets.patience = v;
  double t;
  if (!args.getDouble("time-limit", t, 600, err))
    return false;
  d.budgets.timeLimitSec = t;
  if (!args.getDouble("task-timeout", t, 0, err))
    return false;
  if (t < 0) {
    err = "--task-timeout must be >= 0";
    return false;
  }
  o.taskTimeoutSec = t;
  d.kbDir = args.get("kb", "");
  d.llmBaseURL = args.get("llm-base-url", "");
  d.llmModel = args.get("llm-model", "");
  d.llmApiKeyEnv = args.get("llm-api-key-env", "");
  d.interrupted = &gInterrupted;
  o.isolate = !args.has("no-isolate");
  o.quiet = args.has("quiet");
  if (!args.getInt("jobs", v, 1, err))
    return false;
  if (v < 1 || v > 256) {
    err = "--jobs must be between 1 and 256";
    return false;
  }
  if (v > 1 && !o.isolate) {
    err = "--jobs needs isolated tasks (not --no-isolate)";
    return false;
  }
  o.jobs = static_cast<unsigned>(v);
  if (auto c = args.get("compare")) {
    if (*c != "regenerate") {
      err = "--compare must be regenerate";
      return false;
    }
    RegenerateOptions &r = o.regenerate;
    r.enabled = true;
    if (!args.getInt("k", v, 3, err))
      return false;
    if (v < 1 || v > 100) {
      err = "--k must be between 1 and 100";
      return false;
    }
    r.k = v;
    if (!args.getDouble("regen-temperature", t, 0.7, err))
      return false;
    r.temperature = t;
    r.llmBaseURL = d.llmBaseURL;
    r.llmModel = d.llmModel;
    r.llmApiKeyEnv = d.llmApiKeyEnv;
    r.tokenBudget = d.budgets.maxTokens;
  } else if (args.has("k")) {
    err = "--k needs --compare regenerate";
    return false;
  }
  return true;
}

static bool setAblation(BenchOptions &o, llvm::StringRef a, std::string &err) {
  o.ablation = a.str();
  o.debug.useKB = a != "kb";
  o.debug.useEdits = a != "edits";
  o.debug.useDiagnostics = a != "diagnostics";
  o.debug.useGate = a != "integrity";
  if (a != "none" && a != "kb" && a != "edits" && a != "diagnostics" && a != "integrity") {
    err = "--ablate must be kb, edits, diagnostics or integrity";
    return false;
  }
  return true;
}

/// Runs the tasks under one configuration into `outDir`; writes results.*.
static bool runConfiguration(const std::vector<BenchTask> &tasks, const BenchOptions &opts,
                             llvm::StringRef dir, llvm::StringRef shard,
                             std::optional<double> threshold, llvm::StringRef outDir,
                             Summary &summary) {
  if (auto ec = llvm::sys::fs::create_directories(outDir)) {
    llvm::errs() << "kfix bench: cannot create " << outDir << ": " << ec.message() << "\n";
    return false;
  }
  // Tasks are handed out in order; with --jobs N, N threads each run one
  // isolated task (a forked process) at a time. Outcomes keep the task order.
  std::vector<std::optional<TaskOutcome>> slots(tasks.size());
  std::atomic<size_t> nextTask{0};
  std::mutex printLock;
  size_t done = 0;
  auto worker = [&] {
    for (;;) {
      size_t i = nextTask.fetch_add(1);
      if (i >= tasks.size() || gInterrupted)
        return;
      llvm::SmallString<256> taskOut(outDir);
      llvm::sys::path::append(taskOut, "tasks", tasks[i].id == "." ? "root" : tasks[i].id);
      TaskOutcome o = opts.isolate ? runTaskIsolated(tasks[i], opts, taskOut)
                                   : runTaskInProcess(tasks[i], opts, taskOut);
      std::lock_guard<std::mutex> guard(printLock);
      ++done;
      if (!opts.quiet) {
        llvm::outs() << llvm::formatv("[{0}/{1}] {2,-28} {3,-16} {4,-20} evals={5} {6:F2}s",
                                      opts.jobs > 1 ? done : i + 1, tasks.size(), tasks[i].id,
                                      o.verdict, o.stopReason, o.evaluations, o.wallMs / 1000);
        if (!o.error.empty())
          llvm::outs() << "  " << o.error;
        llvm::outs() << "\n";
        llvm::outs().flush();
      }
      slots[i] = std::move(o);
    }
  };
  unsigned jobs = std::min<size_t>(opts.jobs, std::max<size_t>(tasks.size(), 1));
  if (jobs <= 1) {
    worker();
  } else {
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < jobs; ++j)
      threads.emplace_back(worker);
    for (std::thread &t : threads)
      t.join();
  }
  std::vector<TaskOutcome> outcomes;
  for (auto &o : slots)
    if (o)
      outcomes.push_back(std::move(*o));
  summary = summarize(std::move(outcomes));
  summary.dir = dir.str();
  summary.target = opts.target;
  summary.planner = opts.debug.planner;
  summary.ablation = opts.ablation;
  summary.shard = shard.str();
  summary.minPassAt1 = threshold;
  std::string err;
  auto file = [&](llvm::StringRef name) {
    llvm::SmallString<256> p(outDir);
    llvm::sys::path::append(p, name);
    return std::string(p);
  };
  if (!writeFileAtomic(file("results.json"), llvm::formatv("{0:2}\n", summary.toJSON()).str(),
                       err) ||
      !writeFileAtomic(file("results.md"), renderMarkdown(summary), err) ||
      !writeFileAtomic(file("pass-at-1.svg"), renderSVG(summary), err)) {
    llvm::errs() << "kfix bench: " << err << "\n";
    return false;
  }
  return true;
}

static int benchMain(int argc, char **argv) {
  Args args("kfix bench DIR -o RESULTS [options]");
  declareOptions(args);
  int code = 0;
  if (!args.parse(argc, argv, code, 1))
    return code;
  std::string dir = args.positionals()[0];
  BenchOptions opts;
  std::string err;
  if (!readOptions(args, opts, err) || !setAblation(opts, args.get("ablate", "none"), err)) {
    llvm::errs() << "kfix bench: " << err << "\n";
    return 2;
  }
  if (args.has("all-ablations") && args.has("ablate")) {
    llvm::errs() << "kfix bench: --all-ablations and --ablate exclude each other\n";
    return 2;
  }
  auto out = args.get("output");
  if (!out) {
    llvm::errs() << "kfix bench: -o RESULTS is required\n";
    return 2;
  }
  // An LLM that is not configured would make every task an error: say so now.
  if (opts.debug.planner == "llm" || opts.regenerate.enabled) {
    llm::LLMConfigOverrides ov;
    ov.baseURL = opts.debug.llmBaseURL;
    ov.model = opts.debug.llmModel;
    ov.apiKeyEnv = opts.debug.llmApiKeyEnv;
    if (auto cfg = llm::resolveLLMConfig(ov); !cfg) {
      llvm::errs() << "kfix bench: " << llvm::toString(cfg.takeError()) << "\n";
      return 2;
    }
  }
  std::optional<double> threshold;
  llvm::Expected<std::vector<BenchTask>> tasks = std::vector<BenchTask>();
  if (auto sub = args.get("subset")) {
    auto subset = readSubset(*sub);
    if (!subset) {
      llvm::errs() << "kfix bench: " << llvm::toString(subset.takeError()) << "\n";
      return 2;
    }
    tasks = loadSubset(dir, *subset);
    threshold = subset->minPassAt1;
  } else {
    tasks = discoverTasks(dir);
  }
  if (!tasks) {
    llvm::errs() << "kfix bench: " << llvm::toString(tasks.takeError()) << "\n";
    return 2;
  }
  if (args.has("min-pass-at-1")) {
    double t;
    if (!args.getDouble("min-pass-at-1", t, 0, err) || t < 0 || t > 1) {
      llvm::errs() << "kfix bench: --min-pass-at-1 must be a fraction in [0, 1]\n";
      return 2;
    }
    threshold = t;
  }
  std::string shard;
  if (auto sh = args.get("shard")) {
    unsigned idx, n;
    if (!parseShard(*sh, idx, n)) {
      llvm::errs() << "kfix bench: --shard must be I/N with 0 <= I < N\n";
      return 2;
    }
    std::vector<BenchTask> mine;
    for (size_t i = 0; i < tasks->size(); ++i)
      if (i % n == idx)
        mine.push_back((*tasks)[i]);
    *tasks = std::move(mine);
    shard = *sh;
  }
  if (tasks->empty()) {
    llvm::errs() << "kfix bench: no task.json under " << dir
                 << (shard.empty() ? "" : " in shard " + shard) << "\n";
    return 2;
  }
  std::signal(SIGINT, onSigint);

  std::vector<std::string> configs = {opts.ablation};
  if (args.has("all-ablations"))
    configs = {"none", "kb", "edits", "diagnostics", "integrity"};
  std::vector<std::pair<std::string, Summary>> runs;
  for (size_t c = 0; c < configs.size() && !gInterrupted; ++c) {
    BenchOptions o = opts;
    setAblation(o, configs[c], err);
    // Regenerations do not depend on the ablation: once is enough.
    if (c > 0)
      o.regenerate.enabled = false;
    llvm::SmallString<256> outDir(*out);
    if (configs.size() > 1) {
      llvm::sys::path::append(outDir, configs[c] == "none" ? "full" : "no-" + configs[c]);
      if (!opts.quiet)
        llvm::outs() << "== configuration: "
                     << (configs[c] == "none" ? "full system" : "ablate " + configs[c]) << "\n";
    }
    Summary s;
    if (!runConfiguration(*tasks, o, dir, shard, threshold, outDir, s))
      return 2;
    llvm::outs() << llvm::formatv("Debug Pass@1: {0}/{1} = {2:F1}% ({3} already passing, {4} "
                                  "errors); results in {5}\n",
                                  s.all.repaired, s.all.tasks - s.all.alreadyPassing,
                                  100 * s.all.passAt1(), s.all.alreadyPassing, s.all.errors,
                                  outDir);
    if (s.regenerate)
      llvm::outs() << llvm::formatv("Regenerate Pass@1: {0:F1}%, Pass@{1}: {2:F1}%\n",
                                    100 * s.regenPassAt1, s.k, 100 * s.regenPassAtK);
    runs.push_back({configs[c] == "none" ? "full system" : "no " + configs[c], std::move(s)});
  }
  if (configs.size() > 1 && !runs.empty()) {
    llvm::SmallString<256> p(*out);
    llvm::sys::path::append(p, "comparison.md");
    if (!writeFileAtomic(p, renderComparison(runs), err)) {
      llvm::errs() << "kfix bench: " << err << "\n";
      return 2;
    }
    llvm::outs() << "comparison in " << p << "\n";
  }
  if (gInterrupted) {
    llvm::errs() << "kfix bench: interrupted\n";
    return 2;
  }
  if (threshold && !runs.empty() && runs.front().second.all.passAt1() + 1e-12 < *threshold) {
    llvm::errs() << llvm::formatv("kfix bench: Debug Pass@1 {0:F1}% is below the threshold "
                                  "{1:F1}%\n",
                                  100 * runs.front().second.all.passAt1(), 100 * *threshold);
    return 1;
  }
  return 0;
}

static bool registered = (registerSubcommand({"bench",
                                              "benchmark the repair loop over a task directory: "
                                              "Pass@1, costs, ablations, regenerate baseline",
                                              benchMain}),
                          true);
