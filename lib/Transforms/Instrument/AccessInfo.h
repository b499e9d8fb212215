//===- AccessInfo.h - memory accesses seen by the instrumentation passes -*- C++ -*-===//
//
// Which memref an op touches, with which indices, and what kind of memory that
// is in the lifted IR (kernel-parameter buffer, shared memory, private alloca).
// Internal to lib/Transforms/Instrument.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_TRANSFORMS_INSTRUMENT_ACCESSINFO_H
#define KFIX_LIB_TRANSFORMS_INSTRUMENT_ACCESSINFO_H

#include "kfix/Dialect/KFix/KFixOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include <optional>

namespace kfix::instrument {

/// The memref and indices an op accesses, how many consecutive innermost
/// elements it touches (vector accesses touch several) and whether it reads,
/// writes or updates atomically.
struct MemAccess {
  mlir::Value memref;
  mlir::ValueRange indices;
  int64_t width = 1;
  AccessKind kind = AccessKind::read;
};

std::optional<MemAccess> getMemAccess(mlir::Operation *op);

/// Where a memref lives, following docs/ir-conventions.md.
enum class MemClass { Param, Shared, Private, Other };
MemClass classifyMemRef(mlir::Value memref);

/// Inserts, right before `op`, one `kfix.access` per element that `acc`
/// touches (all with `site`), unless an identical record already precedes
/// `op` (another pass recorded it). Returns true when records were inserted.
bool recordAccess(mlir::Operation *op, const MemAccess &acc, int64_t site);

} // namespace kfix::instrument

#endif
