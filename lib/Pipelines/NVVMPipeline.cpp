//===- NVVMPipeline.cpp - kfix-lower-to-nvvm ------------------------------===//
//
// A lifted (and maybe instrumented) gpu.module to PTX, with no CUDA toolkit
// needed: structured control flow to cf first (convert-gpu-to-nvvm expects it),
// then everything in the gpu.module to the LLVM/NVVM dialects, and the module
// serialized by the NVPTX backend into a gpu.binary.
//
//===----------------------------------------------------------------------===//
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Conversion/Passes.h"

#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace mlir;

/// The libdevice to link: `given` when set ("none" forces the fallback), else
/// the first found under $CUDA_HOME, $CUDA_PATH, /usr/local/cuda; "" for none.
static std::string findLibdevice(const std::string &given) {
  if (given == "none")
    return "";
  if (!given.empty())
    return given;
  llvm::SmallVector<std::string> roots;
  if (auto home = llvm::sys::Process::GetEnv("CUDA_HOME"))
    roots.push_back(*home);
  if (auto path = llvm::sys::Process::GetEnv("CUDA_PATH"))
    roots.push_back(*path);
  roots.push_back("/usr/local/cuda");
  for (const std::string &root : roots) {
    llvm::SmallString<256> p(root);
    llvm::sys::path::append(p, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(p))
      return std::string(p);
  }
  return "";
}

void kfix::buildLowerToNVVMPipeline(OpPassManager &pm, const LowerToNVVMOptions &options) {
  std::string libdevice = findLibdevice(options.libdevice);

  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  if (!libdevice.empty())
    target.linkLibs.push_back(libdevice);
  pm.addPass(createGpuNVVMAttachTarget(target));

  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  // kfix ops become trace-buffer writes (they emit scf.if and gpu.thread_id).
  gpuPm.addPass(createLowerKFixToNVVM());
  // CUDA's segmented shuffles (width < 32) before upstream lowers gpu.shuffle.
  gpuPm.addPass(createLowerSegmentedShuffles());
  gpuPm.addPass(createConvertVectorToSCFPass());
  // Signed loops end where nvcc's code ends even when the last increment
  // would pass INT_MAX.
  gpuPm.addPass(createWidenLoopCounters());
  gpuPm.addPass(createSCFToControlFlowPass());
  if (libdevice.empty()) {
    // Without libdevice, no math op may become a `__nv_*` call: expand and
    // approximate them (f32 polynomials), make the exact ones LLVM intrinsics,
    // and reject the rest (f64 transcendentals) with a diagnostic.
    gpuPm.addPass(createMathFallback());
  }
  gpuPm.addPass(memref::createExpandStridedMetadataPass());
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  gpuPm.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  // Math ops the NVVM conversion has no libdevice call or pattern for (the
  // integer bit counts: math.ctpop from __popc, ctlz, cttz, absi) become
  // LLVM intrinsics, which the NVPTX backend selects.
  gpuPm.addPass(createConvertMathToLLVMPass());
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  gpuPm.addPass(createReconcileUnrealizedCastsPass());

  GpuModuleToBinaryPassOptions bin;
  bin.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(bin));
}

LogicalResult kfix::extractPTX(ModuleOp module, llvm::raw_ostream &os) {
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  unsigned written = 0;
  for (gpu::BinaryOp bin : binaries) {
    for (Attribute attr : bin.getObjects()) {
      auto obj = dyn_cast<gpu::ObjectAttr>(attr);
      if (!obj || obj.getFormat() != gpu::CompilationTarget::Assembly)
        continue;
      if (binaries.size() > 1)
        os << "// kfix: gpu.binary @" << bin.getName() << "\n";
      os << obj.getObject().getValue();
      ++written;
    }
  }
  if (!written)
    return module.emitError("no gpu.binary holding PTX (format=isa) in the module; run "
                            "kfix-opt --kfix-lower-to-nvvm first");
  return success();
}

void kfix::registerKFixPipelines() {
  PassPipelineRegistration<LowerToNVVMOptions>(
      "kfix-lower-to-nvvm", "Lower gpu.modules (kfix ops included) to gpu.binary ops holding PTX",
      buildLowerToNVVMPipeline);
  PassPipelineRegistration<LowerToHostOptions>(
      "kfix-lower-to-host",
      "Lower the kernels of a lifted module to host functions in the LLVM dialect (the CPU "
      "executor's lowering)",
      buildLowerToHostPipeline);
  PassPipelineRegistration<DiagnosisInstrumentationOptions>(
      "kfix-diagnosis-instrumentation",
      "Instrument the kernels of a lifted module for a diagnosis run (races, writes, nan, "
      "overflow)",
      buildDiagnosisInstrumentationPipeline);
}
