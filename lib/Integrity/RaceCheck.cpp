//===- RaceCheck.cpp - the gate's data-race check ---------------------------===//
//
// A race can give the right answer by luck: the CPU executor runs the threads
// of a block in one fixed order, and a GPU often does too for small inputs.
// The output-comparison checks cannot see such a race; this check runs the
// candidate instrumented for races (kfix-diagnosis-instrumentation{writes=false
// nan=false overflow=false}, lib/Pipelines) on the task's first size and
// rejects any shared-memory conflict inside a barrier interval or global
// element written by several threads without atomics.
//
//===----------------------------------------------------------------------===//
#include "kfix/Integrity/Gate.h"

#include "kfix/Diagnose/Detectors.h"
#include "kfix/Diagnose/SiteTable.h"
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Runtime/Validate.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix;

namespace {
/// Forwards to a RaceDetector and keeps each launch's findings (the detector
/// clears its state when the next launch begins).
class HarvestingSink : public TraceSink {
public:
  explicit HarvestingSink(const SiteTable *sites) : detector(sites) {}
  void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) override {
    harvest();
    detector.onLaunch(grid, block);
    active = true;
  }
  void onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                const ThreadCoord &who) override {
    detector.onAccess(site, kind, arg, linear, who);
    sawAccess = true;
  }
  void onBarrier(std::array<uint32_t, 3> bid, uint64_t epoch) override {
    detector.onBarrier(bid, epoch);
  }
  void onBlockEnd(std::array<uint32_t, 3> bid) override { detector.onBlockEnd(bid); }
  void onTraceOverflow(uint64_t p, uint64_t a, uint64_t d) override {
    detector.onTraceOverflow(p, a, d);
  }
  std::vector<Finding> finish() {
    harvest();
    return std::move(found);
  }

private:
  void harvest() {
    if (!active || !sawAccess)
      return;
    for (Finding &f : detector.findings())
      if (f.severity == "error")
        found.push_back(std::move(f));
    active = sawAccess = false;
  }
  RaceDetector detector;
  std::vector<Finding> found;
  bool active = false, sawAccess = false;
};
} // namespace

void kfix::runRaceCheck(const GateInput &in, const GateOptions &opts, GateReport &report) {
  const TaskManifest &task = *in.task;
  if (task.sizes.empty())
    return;
  OwningOpRef<ModuleOp> inst(cast<ModuleOp>(in.candidate->clone()));
  PassManager pm(inst->getContext());
  // The diagnosis instrumentation, races only.
  DiagnosisInstrumentationOptions racesOnly;
  racesOnly.writes = false;
  racesOnly.nan = false;
  racesOnly.overflow = false;
  buildDiagnosisInstrumentationPipeline(pm, racesOnly);
  if (failed(pm.run(*inst))) {
    report.skipped.push_back("data-race: the candidate could not be instrumented");
    return;
  }
  SiteTable sites = SiteTable::build(*inst);
  HarvestingSink sink(&sites);

  // The smallest binding of the task: races show at any size, and tracking
  // costs memory per element.
  TaskManifest t = task;
  t.seeds = 1;
  t.sizes = {task.sizes.front()};
  ValidateOptions vo;
  vo.exec = opts.exec;
  vo.exec.sink = &sink;
  vo.keepMasks = false;
  vo.keepFailingBuffers = false;
  vo.checkDeterminism = false;
  vo.caseCache = in.caseCache;
  ValidationResult r = validate(t, *in.executor, *inst, in.reference, vo);
  report.checksRun.push_back("data-race");
  if (r.isError()) {
    report.skipped.push_back("data-race: " + r.error);
    return;
  }
  std::vector<Finding> races = sink.finish();
  if (races.empty())
    return;
  const Finding &f = races.front();
  std::string loc = f.sites.empty() ? "" : f.sites.front().loc();
  std::string more =
      races.size() > 1 ? llvm::formatv(" ({0} race findings in all)", races.size()).str() : "";
  report.findings.push_back({"data-race",
                             "at " + bindingsToString(t.sizes.front(), task.sizeNames) + ": " +
                                 f.kind + ": " + f.message + more +
                                 (f.kind == "uninit-shared-read"
                                      ? "; the result depends on what shared memory held even "
                                        "where it passed"
                                      : "; the result depends on thread scheduling even where it "
                                        "passed"),
                             loc});
}
