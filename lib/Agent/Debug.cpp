//===- Debug.cpp - the repair loop on a task ------------------------------===//
#include "kfix/Agent/Debug.h"

#include "kfix/Agent/EditSearch.h"
#include "kfix/Agent/KBPlanner.h"
#include "kfix/Agent/LLMPlannerAdapter.h"
#include "kfix/Agent/Outputs.h"
#include "kfix/LLM/Client.h"
#include "kfix/Runtime/Validate.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include <chrono>

using namespace kfix;

llvm::StringRef kfix::toString(DebugVerdict v) {
  switch (v) {
  case DebugVerdict::Repaired:
    return "repaired";
  case DebugVerdict::AlreadyPassing:
    return "already-passing";
  case DebugVerdict::NotRepaired:
    return "not-repaired";
  case DebugVerdict::Error:
    return "error";
  case DebugVerdict::NotVerified:
    return "not-verified";
  }
  return "error";
}

std::optional<DebugVerdict> kfix::parseDebugVerdict(llvm::StringRef s) {
  return llvm::StringSwitch<std::optional<DebugVerdict>>(s)
      .Case("repaired", DebugVerdict::Repaired)
      .Case("already-passing", DebugVerdict::AlreadyPassing)
      .Case("not-repaired", DebugVerdict::NotRepaired)
      .Case("error", DebugVerdict::Error)
      .Case("not-verified", DebugVerdict::NotVerified)
      .Default(std::nullopt);
}

llvm::json::Value DebugResult::toJSON(const Session &s) const {
  llvm::json::Array steps, rejections;
  for (const StepRecord &r : search.steps)
    steps.push_back(r.toJSON());
  for (auto &g : gateRejections)
    rejections.push_back(g);
  llvm::json::Object o{
      {"kfix_report", 1},
      {"command", "debug"},
      {"task", s.task.name},
      {"candidate", s.candidatePath},
      {"target", s.executor->name()},
      {"verdict", toString(verdict)},
      {"stop_reason", stopReason},
      {"gate_rejections", std::move(rejections)},
      {"iterations", llvm::json::Array(std::move(steps))},
      {"costs", llvm::json::Object{{"evaluations", search.evaluations},
                                   {"actions_tried", search.iterations},
                                   {"compile_ms", search.compileMs},
                                   {"run_ms", search.runMs},
                                   {"wall_ms", wallMs},
                                   {"prompt_tokens", promptTokens},
                                   {"completion_tokens", completionTokens}}},
  };
  if (!error.empty())
    o["error"] = error;
  if (!search.originalGateRejection.empty())
    o["original_gate_rejection"] = search.originalGateRejection;
  if (search.best) {
    llvm::json::Array path;
    for (const Action &a : search.best->path)
      path.push_back(a.toJSON());
    o["repairs"] = std::move(path);
  }
  if (before)
    o["before"] = llvm::json::Object{{"summary", before->summary},
                                     {"measure", before->measure},
                                     {"signature", before->signatureJSON}};
  if (after)
    o["after"] =
        llvm::json::Object{{"summary", after->summary},
                           {"measure", after->measure},
                           {"validation", kfix::toJSON(after->validation, s.task.sizeNames)}};
  if (gateReport)
    o["integrity"] = gateReport->toJSON();
  if (s.compileCache) {
    CompileCacheStats cs = s.compileCache->stats();
    llvm::json::Object &costs = *o.getObject("costs");
    costs["compiles"] = static_cast<int64_t>(cs.compiles);
    costs["compile_cache_hits"] = static_cast<int64_t>(cs.hits);
    llvm::json::Value v = cs.toJSON();
    (*v.getAsObject())["enabled"] = s.compileCache->options().enabled;
    o["compile_cache"] = std::move(v);
  }
  if (s.caseCache) {
    llvm::json::Value v = s.caseCache->stats().toJSON();
    (*v.getAsObject())["enabled"] = s.caseCache->enabled();
    o["case_cache"] = std::move(v);
  }
  if (s.candidateTimeoutSeconds > 0)
    o["candidate_launch_timeout_s"] = s.candidateTimeoutSeconds;
  if (acceptedStepCompiles >= 0)
    o["accepted_repair"] = llvm::json::Object{{"module_compiles", acceptedModuleCompiles},
                                              {"step_compiles", acceptedStepCompiles},
                                              {"step_cache_hits", acceptedStepCacheHits}};
  if (speed)
    o["speed"] = speed->toJSON();
  return o;
}

std::string DebugResult::compileSummary(const Session &s) const {
  if (!s.compileCache)
    return "";
  CompileCacheStats cs = s.compileCache->stats();
  std::string line = llvm::formatv("{0} compiles, {1} compile cache hits", cs.compiles, cs.hits);
  if (!s.compileCache->options().enabled)
    line += " (cache off)";
  if (acceptedStepCompiles >= 0)
    line += llvm::formatv("; the accepted repair: {0} compile(s) of its module, {1} in its step",
                          acceptedModuleCompiles, acceptedStepCompiles)
                .str();
  return line;
}

DebugResult kfix::debugTask(Session &s, const DebugOptions &opts,
                            std::function<void(const StepRecord &)> onStep) {
  DebugResult r;
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  auto kb =
      KnowledgeBase::load(opts.kbDir.empty() ? KnowledgeBase::defaultDir(nullptr) : opts.kbDir);
  if (!kb) {
    r.verdict = DebugVerdict::Error;
    r.error = "knowledge base: " + llvm::toString(kb.takeError());
    return r;
  }

  std::unique_ptr<Planner> planner;
  if (opts.planner == "llm") {
    llm::LLMConfigOverrides ov = opts.llmTuning;
    ov.baseURL = opts.llmBaseURL;
    ov.model = opts.llmModel;
    ov.apiKeyEnv = opts.llmApiKeyEnv;
    ov.tokenBudget = opts.budgets.maxTokens;
    auto cfg = llm::resolveLLMConfig(ov);
    if (!cfg) {
      r.verdict = DebugVerdict::Error;
      r.error = "LLM planner: " + llvm::toString(cfg.takeError());
      return r;
    }
    planner = std::make_unique<LLMPlannerAdapter>(std::make_unique<llm::LLMClient>(*cfg), *kb,
                                                  s.task.kernel);
  } else if (opts.planner == "edits") {
    planner = std::make_unique<EditPlanner>();
  } else {
    KBPlannerOptions po;
    po.useRetrieval = opts.useKB;
    planner = std::make_unique<KBPlanner>(*kb, po, &s.task);
    if (opts.useEdits)
      planner =
          std::make_unique<KBThenEditsPlanner>(std::move(planner), std::make_unique<EditPlanner>());
  }

  // A test that the kernel with its body removed passes (the expected output
  // is what the output buffers hold before the launch) cannot tell a repair
  // from a kernel that does nothing: the gate's ghost replay would reject
  // every candidate, so the task is reported as such before any search.
  if (opts.useGate && opts.gate.ghostReplay) {
    TaskManifest t = s.task;
    t.seeds = 1;
    auto ghost = makeGhost(s.candidate.get());
    ValidateOptions vo;
    vo.exec = opts.gate.exec;
    vo.keepMasks = false;
    vo.keepFailingBuffers = false;
    vo.stopAtFirstFailure = true;
    vo.checkDeterminism = false;
    vo.caseCache = s.caseCache.get();
    ValidationResult g =
        validate(t, *s.executor, *ghost, s.reference ? *s.reference : mlir::ModuleOp(), vo);
    if (g.verdict == ValidationVerdict::Pass) {
      r.verdict = DebugVerdict::NotRepaired;
      r.stopReason = "empty-kernel-passes";
      r.error = "the test cannot judge a repair: the kernel with its body removed passes "
                "validation (the expected output is what the output buffers hold before the "
                "launch)";
      r.wallMs = elapsed();
      return r;
    }
  }

  TaskEvaluator ev(s, opts.useDiagnostics);
  auto initial = std::make_unique<SearchState>();
  initial->module =
      mlir::OwningOpRef<mlir::ModuleOp>(llvm::cast<mlir::ModuleOp>(s.candidate.get()->clone()));
  initial->source = s.candidateSource;

  SearchOptions so;
  so.budgets = opts.budgets;
  if (CachingExecutor *cache = s.compileCache)
    so.compileCounts = [cache] {
      CompileCacheStats cs = cache->stats();
      return CompileCounts{cs.compiles, cs.hits};
    };
  so.onStep = onStep;
  so.launchedKernels = s.task.candidateKernels();
  if (opts.interrupted)
    so.interrupted = [&] { return opts.interrupted->load(); };
  auto gateFor = [&](const SearchState &st) {
    GateInput gi;
    gi.task = &s.task;
    gi.executor = s.executor.get();
    gi.caseCache = s.caseCache.get();
    gi.candidate = *st.module;
    gi.reference = s.reference ? *s.reference : mlir::ModuleOp();
    gi.original = *s.original;
    gi.originalSource = s.originalSource;
    gi.candidateSource = exportedSource(*st.module);
    if (gi.candidateSource.empty() || gi.originalSource.empty())
      gi.originalSource.clear(), gi.candidateSource.clear();
    else
      gi.originalSource = exportedSource(*s.original); // compare like with like
    return runGate(gi, opts.gate);
  };
  if (opts.useGate)
    so.gate = [&](const SearchState &st) {
      GateReport g = gateFor(st);
      if (!g.passed)
        r.gateRejections.push_back(g.reason());
      else
        r.gateReport = g;
      return g.passed ? std::string() : g.reason();
    };

  if (opts.useGate)
    so.gateOriginal = [&](const SearchState &st) {
      GateReport g = gateFor(st);
      return g.passed ? std::string() : g.reason();
    };
  r.search = runSearch(std::move(initial), ev, *planner, so);
  r.stopReason = r.search.stopReason;
  r.promptTokens = planner->promptTokens();
  r.completionTokens = planner->completionTokens();
  r.before = ev.first;
  if (r.search.repaired && r.search.best) {
    for (const StepRecord &st : r.search.steps)
      if (st.outcome == "accepted") {
        r.acceptedStepCompiles = st.compiles;
        r.acceptedStepCacheHits = st.compileCacheHits;
      }
    if (s.compileCache)
      for (const std::string &k : s.task.candidateKernels())
        r.acceptedModuleCompiles += s.compileCache->compilesOf(*r.search.best->module, k);
  }
  if (ev.first && ev.first->error) {
    r.verdict = DebugVerdict::Error;
    r.error = ev.first->validation.error;
  } else if (r.search.stopReason == "already-passing") {
    r.verdict = DebugVerdict::AlreadyPassing;
  } else if (r.search.repaired) {
    r.verdict = DebugVerdict::Repaired;
  } else {
    r.verdict = DebugVerdict::NotRepaired;
  }
  if (r.search.best) {
    if (ev.lastFull && r.search.repaired)
      r.after = ev.lastFull;
    else if (r.search.best->path.size()) {
      DiagnoseOptions o;
      o.instrument = false;
      r.after = diagnoseCandidate(s, *r.search.best->module, o);
    }
  }
  // The repair's speed beside the kernel as given (a repair must not make a
  // parallel kernel serial): timed alternately on the task's largest size.
  bool timeIt =
      opts.speedCheck == "on" || (opts.speedCheck == "auto" && s.executor->name() == "cuda");
  if (timeIt && r.search.repaired && r.search.best && !(opts.interrupted && *opts.interrupted))
    r.speed = checkSpeed(s, *s.candidate, *r.search.best->module);
  // Ablation without the gate: would it have rejected the accepted repair?
  if (!opts.useGate && r.search.repaired && r.search.best)
    r.gateReport = gateFor(*r.search.best);
  r.wallMs = elapsed();
  return r;
}
