//===- InitAll.cpp - register everything a kfix tool knows ----------------===//
#include "kfix/InitAll.h"

#include "kfix/Conversion/Passes.h"
#include "kfix/Dialect/KFix/KFixDialect.h"
#include "kfix/LiftedIR/LiftedIR.h"
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Transforms/Passes.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void kfix::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<kfix::KFixDialect, mlir::gpu::GPUDialect, mlir::scf::SCFDialect,
                  mlir::cf::ControlFlowDialect, mlir::arith::ArithDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::vector::VectorDialect, mlir::func::FuncDialect,
                  mlir::index::IndexDialect, mlir::NVVM::NVVMDialect, mlir::LLVM::LLVMDialect>();
  // Conversions to LLVM look these interfaces up; the NVVM target serializes
  // gpu.modules; the LLVM IR translations let it emit PTX.
  mlir::registerAllExtensions(registry);
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
}

void kfix::registerAllPasses() {
  mlir::registerAllPasses();
  kfix::registerKFixInstrumentPasses();
  kfix::registerKFixLiftedIRPasses();
  kfix::registerKFixRepairPasses();
  kfix::registerKFixConversionPasses();
  kfix::registerKFixPipelines();
}
