//===- Passes.h - kfix conversion passes ------------------------*- C++ -*-===//
#ifndef KFIX_CONVERSION_PASSES_H
#define KFIX_CONVERSION_PASSES_H

#include "kfix/Dialect/KFix/KFixDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace kfix {

#define GEN_PASS_DECL
#include "kfix/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "kfix/Conversion/Passes.h.inc"

} // namespace kfix

#endif
