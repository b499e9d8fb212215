//===- BarrierHazards.h - shared-memory hazards not separated by a barrier ===//
//
// A may-analysis over the structured control flow of one kernel: which pairs
// of shared-memory accesses, at least one a write, by possibly different
// threads, can follow each other with no gpu.barrier in between. Loops are
// walked twice so that hazards between iterations are found too.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_TRANSFORMS_REPAIR_BARRIERHAZARDS_H
#define KFIX_LIB_TRANSFORMS_REPAIR_BARRIERHAZARDS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/SmallVector.h"

namespace kfix {

enum class HazardKind {
  ReadAfterWrite, ///< a write, then a read by another thread (missing barrier)
  WriteAfterRead, ///< a read, then a write by another thread (buffer reuse)
};

struct Hazard {
  mlir::Operation *first;  ///< the earlier access
  mlir::Operation *second; ///< the later access
};

/// Every hazard of `kind` in `func`, one per `second` access, in program order.
llvm::SmallVector<Hazard> findSharedHazards(mlir::gpu::GPUFuncOp func, HazardKind kind);

/// Inserts a gpu.barrier that separates `h` (before the later access's
/// ancestor in the innermost common block, or at the end of a loop body for a
/// hazard between iterations). Fails, inserting nothing, when that point is
/// in divergent code or no such point exists; `why` then says why.
mlir::FailureOr<mlir::Operation *> insertSeparatingBarrier(const Hazard &h, std::string &why);

/// Separates, one at a time and re-analysing after each, every hazard of
/// `kind` whose accesses match `loc`; marks the barriers with `passArg` and
/// returns how many it inserted. Hazards it cannot separate get a warning
/// when `loc` is given.
unsigned separateHazards(mlir::gpu::GPUFuncOp func, HazardKind kind, llvm::StringRef loc,
                         llvm::StringRef passArg);

} // namespace kfix

#endif
