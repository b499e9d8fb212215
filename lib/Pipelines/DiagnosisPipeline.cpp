//===- DiagnosisPipeline.cpp - kfix-diagnosis-instrumentation -------------===//
//
// The instrumentation of a diagnosis run (lib/Agent/Diagnosis.cpp) and of the
// integrity gate's race check (races only). Races run first so that a store
// recorded by them is not recorded again by writes (docs/diagnostics.md).
//
//===----------------------------------------------------------------------===//
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Transforms/Passes.h"

using namespace mlir;

void kfix::buildDiagnosisInstrumentationPipeline(OpPassManager &pm,
                                                 const DiagnosisInstrumentationOptions &options) {
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  if (options.races) {
    InstrumentRacesOptions races;
    races.globalLoads = options.globalLoads;
    gpuPm.addPass(createInstrumentRaces(races));
  }
  if (options.writes)
    gpuPm.addPass(createInstrumentWrites());
  if (options.nan)
    gpuPm.addPass(createInstrumentNan());
  if (options.overflow)
    gpuPm.addPass(createInstrumentOverflow());
}
