//===- WhileLoops.h - C counting loops lifted as scf.while ------*- C++ -*-===//
//
// `for (s = S0; s > 0; s >>= 1)` and `for (o = 1; o < 32; o <<= 1)` are
// lifted as an scf.while over a local `s` (docs/ir-conventions.md): a store
// of the start before the loop, the comparison in the `before` region, the
// update stored at the end of the `after` region. The reduction-tree and
// shuffle-offset repairs both match that shape.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_TRANSFORMS_REPAIR_WHILELOOPS_H
#define KFIX_LIB_TRANSFORMS_REPAIR_WHILELOOPS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>

namespace kfix {

/// A loop over a local `var` that is halved (`>>= 1`, `/= 2`) or doubled
/// (`<<= 1`, `*= 2`) at the end of each iteration and compared with a
/// constant.
struct CountedWhile {
  mlir::scf::WhileOp loop;
  mlir::memref::AllocaOp var;
  mlir::arith::CmpIOp cmp; ///< `var <pred> bound`, the loop condition
  int64_t bound = 0;
  mlir::memref::StoreOp init;   ///< the one store before the loop
  mlir::memref::StoreOp update; ///< the one store in the loop body
  bool halving = true;
};

/// Matches `loop` against the shape above: `var` is written by exactly two
/// stores, the start (in the loop's block, before it) and the update (in the
/// `after` block itself, not nested); the condition is exactly the
/// comparison (no `break`/`return` flags).
std::optional<CountedWhile> matchCountedWhile(mlir::scf::WhileOp loop);

/// True when `pred` compares `var > c` style (sgt, ugt, sge, uge, ne).
bool isLowerBoundTest(mlir::arith::CmpIPredicate pred);

} // namespace kfix

#endif
