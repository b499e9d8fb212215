//===- Pipelines.h - kfix pass pipelines ------------------------*- C++ -*-===//
#ifndef KFIX_PIPELINES_PIPELINES_H
#define KFIX_PIPELINES_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace kfix {

/// Options of `kfix-lower-to-nvvm`.
struct LowerToNVVMOptions : public mlir::PassPipelineOptions<LowerToNVVMOptions> {
  PassOptions::Option<std::string> chip{*this, "chip", llvm::cl::desc("Target SM architecture"),
                                        llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{
      *this, "features", llvm::cl::desc("PTX version feature"), llvm::cl::init("+ptx80")};
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level", llvm::cl::desc("LLVM optimization level"), llvm::cl::init(3)};
  PassOptions::Option<std::string> libdevice{
      *this, "libdevice",
      llvm::cl::desc("Path of libdevice.10.bc to link for accurate math (empty: "
                     "look in $CUDA_HOME and /usr/local/cuda, else use "
                     "polynomial approximations; none: force the approximations)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> format{*this, "format",
                                          llvm::cl::desc("gpu-module-to-binary format (isa = PTX)"),
                                          llvm::cl::init("isa")};
};

/// A module holding gpu.modules (kfix ops included) to gpu.binary ops holding PTX.
void buildLowerToNVVMPipeline(mlir::OpPassManager &pm, const LowerToNVVMOptions &options);

/// Options of `kfix-lower-to-host`.
struct LowerToHostOptions : public mlir::PassPipelineOptions<LowerToHostOptions> {
  PassOptions::Option<bool> guardBounds{
      *this, "guard-bounds",
      llvm::cl::desc("First check every access and skip those out of bounds "
                     "(kfix-instrument-bounds{guard=true}), as the CPU executor does: "
                     "no access of a kernel may touch host memory outside its buffers"),
      llvm::cl::init(true)};
};

/// The CPU executor's lowering (docs/cpu-executor.md): a lifted module (kfix
/// ops included) to the LLVM dialect, each kernel a host function
/// (kfix-gpu-to-host) with its entry point `__kfix_block_K` or
/// `__kfix_thread_K`; f16/bf16 arithmetic is computed in f32.
void buildLowerToHostPipeline(mlir::OpPassManager &pm, const LowerToHostOptions &options);

/// Options of `kfix-diagnosis-instrumentation`: which kfix-instrument-* passes
/// run (docs/diagnostics.md).
struct DiagnosisInstrumentationOptions
    : public mlir::PassPipelineOptions<DiagnosisInstrumentationOptions> {
  PassOptions::Option<bool> races{
      *this, "races",
      llvm::cl::desc("kfix-instrument-races: shared-memory accesses and global writes"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> globalLoads{
      *this, "global-loads",
      llvm::cl::desc("With races: also record loads of kernel-parameter buffers"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> writes{
      *this, "writes",
      llvm::cl::desc("kfix-instrument-writes: every store to a kernel-parameter buffer"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> nan{
      *this, "nan", llvm::cl::desc("kfix-instrument-nan: NaN and Inf created by float ops"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> overflow{
      *this, "overflow", llvm::cl::desc("kfix-instrument-overflow: signed integer overflow"),
      llvm::cl::init(true)};
};

/// The instrumentation of a diagnosis run on a lifted module: races, writes,
/// nan, overflow, in that order, on every gpu.module. The integrity gate's
/// race check is this pipeline with races only.
void buildDiagnosisInstrumentationPipeline(mlir::OpPassManager &pm,
                                           const DiagnosisInstrumentationOptions &options);

/// Writes the PTX text of every gpu.binary object in `module` (an `isa`
/// object, what kfix-lower-to-nvvm makes) to `os`, each preceded by a
/// `// kfix: gpu.binary @name` line when there are several. Fails when there
/// is no PTX object.
mlir::LogicalResult extractPTX(mlir::ModuleOp module, llvm::raw_ostream &os);

/// Registers `kfix-lower-to-nvvm`, `kfix-lower-to-host` and
/// `kfix-diagnosis-instrumentation`.
void registerKFixPipelines();

} // namespace kfix

#endif
