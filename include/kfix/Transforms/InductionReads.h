//===- InductionReads.h - where a loop's variable is read -------*- C++ -*-===//
//
// A lifted `for (int k = 0; k < K; ++k)` keeps its variable in a local: the
// values the loop's induction variable is read as (itself, its casts, and the
// loads of the local it is stored into), for models and edits that look for
// `k * D` (taps spaced D apart).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_TRANSFORMS_INDUCTIONREADS_H
#define KFIX_TRANSFORMS_INDUCTIONREADS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallVector.h"

namespace kfix {

/// The induction variable of `loop`, its casts and the loads of the local it
/// is stored into, in the order they are found (at most `max` expanded).
llvm::SmallVector<mlir::Value> inductionReads(mlir::scf::ForOp loop, unsigned max = 16);

} // namespace kfix

#endif // KFIX_TRANSFORMS_INDUCTIONREADS_H
