//===- SuspectSlice.h - backward slices over a lifted kernel ---*- C++ -*-===//
//
// Internal to lib/Diagnose (Suspects.cpp, SuspectModels.cpp, SuspectAccumulators.cpp): the dynamic
// dependence of a value on the kernel's ops, approximated statically and
// conservatively over the lifted IR (docs/ir-conventions.md): locals are
// allocas, so a load depends on every store to the same buffer.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_DIAGNOSE_SUSPECTSLICE_H
#define KFIX_LIB_DIAGNOSE_SUSPECTSLICE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include <deque>
#include <functional>
#include <vector>

namespace kfix::suspects {

/// The buffer behind views and casts (every `extern __shared__` array views
/// the same dynamic shared memory).
mlir::Value memRoot(mlir::Value memref);
/// The memref `op` writes (stores, atomics), or null.
mlir::Value writtenMemref(mlir::Operation *op);
/// The memref `op` reads (loads, atomics), or null.
mlir::Value readMemref(mlir::Operation *op);
/// Skips value-preserving casts (extf, truncf, index_cast, extsi, ...).
mlir::Value stripCasts(mlir::Value v);

/// Which ops write and read each buffer of a kernel.
struct MemoryUses {
  explicit MemoryUses(mlir::gpu::GPUFuncOp func);
  llvm::DenseMap<mlir::Value, std::vector<mlir::Operation *>> writers, readers;
  const std::vector<mlir::Operation *> &writersOf(mlir::Value memref) const;
  const std::vector<mlir::Operation *> &readersOf(mlir::Value memref) const;
  /// The single value ever stored to a local scalar, if there is exactly one store.
  mlir::Value singleStoredValue(mlir::Value memref) const;
};

/// A backward slice: every op a seed depends on (data, memory, loop-carried
/// values, control), with its distance (in dependence edges) from a seed.
class BackwardSlice {
public:
  explicit BackwardSlice(const MemoryUses &mem) : mem(mem) {}
  void addSeed(mlir::Operation *op);
  bool contains(mlir::Operation *op) const { return dist.count(op); }
  unsigned distance(mlir::Operation *op) const {
    auto it = dist.find(op);
    return it == dist.end() ? ~0u : it->second;
  }
  const llvm::DenseMap<mlir::Operation *, unsigned> &ops() const { return dist; }

private:
  void push(mlir::Operation *op, unsigned d);
  void pushValue(mlir::Value v, unsigned d);
  void visit(mlir::Operation *op, unsigned d);
  const MemoryUses &mem;
  llvm::DenseMap<mlir::Operation *, unsigned> dist;
  std::deque<std::pair<mlir::Operation *, unsigned>> queue;
};

/// True when a value flowing forward from `v` (through the ops `through`
/// accepts and through stores to locals and their loads) is used by an op
/// that `target` accepts (it gets the user and the operand number).
bool reachesForward(mlir::Value v, const MemoryUses &mem,
                    const std::function<bool(mlir::Operation *, unsigned)> &target,
                    const std::function<bool(mlir::Operation *)> &through, unsigned budget = 256);

} // namespace kfix::suspects

#endif
