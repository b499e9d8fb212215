//===- Passes.h - kfix instrumentation and repair passes --------*- C++ -*-===//
#ifndef KFIX_TRANSFORMS_PASSES_H
#define KFIX_TRANSFORMS_PASSES_H

#include "kfix/Dialect/KFix/KFixDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace kfix {

#define GEN_PASS_DECL
#include "kfix/Transforms/InstrumentPasses.h.inc"
#define GEN_PASS_DECL
#include "kfix/Transforms/RepairPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "kfix/Transforms/InstrumentPasses.h.inc"
#define GEN_PASS_REGISTRATION
#include "kfix/Transforms/RepairPasses.h.inc"

} // namespace kfix

#endif
