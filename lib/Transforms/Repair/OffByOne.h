//===- OffByOne.h - comparisons an off-by-one repair edits ------*- C++ -*-===//
#ifndef KFIX_LIB_TRANSFORMS_REPAIR_OFFBYONE_H
#define KFIX_LIB_TRANSFORMS_REPAIR_OFFBYONE_H

#include "mlir/IR/Operation.h"

namespace kfix {

/// An `arith.cmpi` with an ordering predicate (not eq/ne).
bool isOrderingCompare(mlir::Operation *op);
/// An `arith.cmpi` sle/sge/ule/uge.
bool isNonStrictCompare(mlir::Operation *op);
/// Two comparisons with the same predicate over structurally equal operands
/// (the same condition written twice).
bool sameCompare(mlir::Operation *a, mlir::Operation *b);

} // namespace kfix

#endif
