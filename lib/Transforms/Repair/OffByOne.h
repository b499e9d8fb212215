//===- OffByOne.h - comparisons an off-by-one repair edits ------*- C++ -*-===//
#ifndef KFIX_LIB_TRANSFORMS_REPAIR_OFFBYONE_H
#define KFIX_LIB_TRANSFORMS_REPAIR_OFFBYONE_H

#include "mlir/IR/Operation.h"

namespace kfix {

/// An `arith.cmpi` with an ordering predicate (not eq/ne).
bool isOrderingCompare(mlir::Operation *op);
/// An `arith.cmpi` sle/sge/ule/uge.
bool isNonStrictCompare(mlir::Operation *op);
/// The test of a loop whose variable shrinks geometrically (`o >>= 1`,
/// `s /= 2`): making it non-strict can keep the loop from ending (`o >= 0`).
bool isShrinkingLoopTest(mlir::Operation *op);
/// Two comparisons with the same predicate over structurally equal operands,
/// loads of C locals of the same name counting as equal (the same condition
/// written twice, possibly in two scopes).
bool sameCompare(mlir::Operation *a, mlir::Operation *b);

} // namespace kfix

#endif
