//===- Pipelines.h - kfix pass pipelines ------------------------*- C++ -*-===//
#ifndef KFIX_PIPELINES_PIPELINES_H
#define KFIX_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace kfix {

/// Options of `kfix-lower-to-nvvm`.
struct LowerToNVVMOptions : public mlir::PassPipelineOptions<LowerToNVVMOptions> {
  PassOptions::Option<std::string> chip{*this, "chip",
                                        llvm::cl::desc("Target SM architecture"),
                                        llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{*this, "features",
                                            llvm::cl::desc("PTX version feature"),
                                            llvm::cl::init("+ptx80")};
  PassOptions::Option<unsigned> optLevel{*this, "opt-level",
                                         llvm::cl::desc("LLVM optimization level"),
                                         llvm::cl::init(3)};
  PassOptions::Option<std::string> libdevice{
      *this, "libdevice",
      llvm::cl::desc("Path of libdevice.10.bc to link for accurate math (empty: "
                     "look in $CUDA_HOME and /usr/local/cuda, else use "
                     "polynomial approximations; none: force the approximations)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> format{
      *this, "format", llvm::cl::desc("gpu-module-to-binary format (isa = PTX)"),
      llvm::cl::init("isa")};
};

/// A module holding gpu.modules (kfix ops included) to gpu.binary ops holding PTX.
void buildLowerToNVVMPipeline(mlir::OpPassManager &pm, const LowerToNVVMOptions &options);

/// Registers `kfix-lower-to-nvvm`.
void registerKFixPipelines();

} // namespace kfix

#endif
