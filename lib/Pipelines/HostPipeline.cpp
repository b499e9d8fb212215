//===- HostPipeline.cpp - kfix-lower-to-host ------------------------------===//
//
// What the CPU executor runs on the one kernel it compiles: every access
// bounds-checked and guarded, the kernel made a host function with an entry
// point the runtime calls (kfix-gpu-to-host), and everything lowered to the
// LLVM dialect for MLIR's ExecutionEngine. f16/bf16 arithmetic is extended to
// f32 and rounded back, as CUDA's half intrinsics compute it.
//
//===----------------------------------------------------------------------===//
#include "kfix/Conversion/Passes.h"
#include "kfix/LiftedIR/LiftedIR.h"
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void kfix::buildLowerToHostPipeline(OpPassManager &pm, const LowerToHostOptions &options) {
  // What the pipeline gets must be lifted IR (possibly instrumented).
  if (verifyLiftedEnabled())
    pm.addPass(createVerifyLifted());
  if (options.guardBounds) {
    InstrumentBoundsOptions bounds;
    bounds.guard = true;
    pm.addNestedPass<gpu::GPUModuleOp>(createInstrumentBounds(bounds));
  }
  pm.addPass(createGPUToHost());

  // Signed loops end where nvcc's code ends even when the last increment
  // would pass INT_MAX.
  pm.addPass(createWidenLoopCounters());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createSCFToControlFlowPass());
  math::MathExtendToSupportedTypesOptions extend;
  pm.addPass(math::createMathExtendToSupportedTypes(extend));
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"f16", "bf16"};
  emulate.targetTypeStr = "f32";
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}
