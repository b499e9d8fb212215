//===- TaskEvaluator.cpp - evaluating candidates of a task ----------------===//
#include "kfix/Agent/Debug.h"

#include "kfix/Runtime/KernelSource.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace kfix;

Evaluation TaskEvaluator::evaluate(mlir::ModuleOp module, bool full) {
  DiagnoseOptions o;
  o.full = full;
  o.instrument = useDiagnostics && !full;
  // The kernel as given is instrumented even where it passes: what the
  // integrity gate rejects it for (a race, a read of unwritten shared
  // memory) is the evidence the search plans from.
  o.instrumentPassing = o.instrument && !first;
  Diagnosis d = diagnoseCandidate(s, module, o);
  Evaluation e = d.toEvaluation();
  if (!useDiagnostics) {
    // Ablation: the planner sees validation errors only.
    e.signature = llvm::json::Object{{"passed", d.passed}, {"measure", d.measure}};
    e.diagnosis = d.summary;
    e.sites.clear();
  }
  if (!first) {
    // The kernel as given sets the step budget of the candidates: 256 times
    // its busiest block, at least 2^24 loop iterations.
    uint64_t steps = 0;
    for (const CaseResult &c : d.validation.cases)
      steps = std::max(steps, c.candidateSteps);
    if (steps && !s.candidateStepBudget)
      s.candidateStepBudget = std::max<uint64_t>(uint64_t(1) << 24, steps * 256);
    // On the GPU, the same for time: 200 times its slowest case, at least 3 s.
    double ms = 0;
    for (const CaseResult &c : d.validation.cases)
      ms = std::max(ms, c.candidateMs);
    if (ms > 0 && !s.candidateTimeoutSeconds && s.executor && s.executor->name() == "cuda")
      s.candidateTimeoutSeconds = std::max(3.0, 0.2 * ms);
    first = d;
  }
  if (full)
    lastFull = std::move(d);
  return e;
}

Evaluation TaskEvaluator::quickScreen(mlir::ModuleOp module) {
  if (!first)
    return evaluate(module, false); // the kernel as given: full evidence
  DiagnoseOptions o;
  o.full = false;
  o.instrument = false;
  return diagnoseCandidate(s, module, o).toEvaluation();
}

mlir::OwningOpRef<mlir::ModuleOp> TaskEvaluator::relift(const std::string &source,
                                                        std::string &error) {
  // The patched source is lifted from a private temporary file named like the
  // original, so that diagnostics read naturally.
  llvm::SmallString<128> dir;
  if (auto ec = llvm::sys::fs::createUniqueDirectory("kfix-patch", dir)) {
    error = "cannot create a temporary directory: " + ec.message();
    return nullptr;
  }
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, llvm::sys::path::filename(s.task.source));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (ec) {
      error = "cannot write " + std::string(path) + ": " + ec.message();
      return nullptr;
    }
    os << source;
  }
  auto m = loadKernelModule(*s.ctx, path, s.task.candidateKernels(), error);
  llvm::sys::fs::remove_directories(dir);
  return m;
}
