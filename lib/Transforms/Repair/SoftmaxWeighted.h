//===- SoftmaxWeighted.h - exp-weighted ratios without the max --*- C++ -*-===//
//
// Internal to lib/Transforms/Repair: the fused form of kfix-repair-softmax-max
// (RepairSoftmaxMax.cpp), where one exp inside a loop nest feeds several
// accumulators and only their ratios (or logs) are used after the nest.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_TRANSFORMS_REPAIR_SOFTMAXWEIGHTED_H
#define KFIX_LIB_TRANSFORMS_REPAIR_SOFTMAXWEIGHTED_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"

namespace kfix {

/// `num += e * w; den += e;` with `e = exp(x)` inside a loop nest and
/// `num / den` (or `log(den)`) after it: computes `m = max(x)` over a copy of
/// the nest first and shifts the exp to `exp(x - m)` (the ratios do not
/// change in exact arithmetic; `log(den) + m` gives the log back). `loc`
/// aims the rewrite (empty: every match). Returns the number of rewrites.
unsigned repairWeightedSoftmax(mlir::Operation *root, llvm::StringRef loc, llvm::StringRef passArg);

} // namespace kfix

#endif
