//===- SuspectBarriers.cpp - which barrier a shared-memory race misses ----===//
//
// The race detector reports two accesses to one shared element by different
// threads in one barrier interval. Where the missing barrier belongs follows
// from the program paths between the two accesses of each racing pair:
//
//   * a path from the store to the load with no barrier on it (straight, or
//     around the back edge of a loop that holds no barrier) means the readers
//     may run before the writers are done: the barrier between the store and
//     the load is missing (read-after-write);
//   * when every such path crosses a barrier, the pair can only meet because
//     the load comes first and a later store (the next iteration, the next
//     phase) overwrites the element: the barrier before the overwrite is
//     missing (write-after-read, buffer reuse).
//
// Program order is the order of a walk of the kernel (the lifted IR keeps the
// source's statement order; device functions are inlined), which is enough to
// tell which access comes first and which barriers lie between them.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

bool suspects::isShared(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type)
    return false;
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
  return space && space.getValue() == gpu::AddressSpace::Workgroup;
}

namespace {
struct ProgramOrder {
  llvm::DenseMap<Operation *, unsigned> pos;
  std::vector<unsigned> barriers; // positions, ascending

  explicit ProgramOrder(gpu::GPUFuncOp func) {
    unsigned i = 0;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      pos[op] = i;
      if (isa<gpu::BarrierOp>(op))
        barriers.push_back(i);
      ++i;
    });
  }
  /// A barrier strictly between positions a and b (a < b).
  bool barrierBetween(unsigned a, unsigned b) const {
    auto it = llvm::upper_bound(barriers, a);
    return it != barriers.end() && *it < b;
  }
  /// The positions covered by `op` and everything nested in it.
  std::pair<unsigned, unsigned> range(Operation *op) const {
    unsigned last = pos.lookup(op);
    op->walk([&](Operation *inner) { last = std::max(last, pos.lookup(inner)); });
    return {pos.lookup(op), last};
  }
  /// Some path from `from` to `to` crosses no barrier: straight when `from`
  /// comes first, else around the back edge of the innermost loop that holds
  /// both (none: no such path).
  bool unprotectedPath(Operation *from, Operation *to) const {
    unsigned a = pos.lookup(from), b = pos.lookup(to);
    if (a < b)
      return !barrierBetween(a, b);
    Operation *loop = from->getParentOp();
    while (loop && !(isa<scf::ForOp, scf::WhileOp>(loop) && loop->isAncestor(to)))
      loop = loop->getParentOp();
    if (!loop || isa<gpu::GPUFuncOp>(loop))
      return false;
    auto [lo, hi] = range(loop);
    return !barrierBetween(a, hi + 1) && !barrierBetween(lo, b);
  }
};
} // namespace

void suspects::barrierModels(SuspectContext &ctx) {
  // The shared accesses at the findings' locations, by buffer.
  llvm::DenseMap<Value, std::vector<Operation *>> byBuffer;
  for (Operation *op : ctx.findingOps) {
    Value m = writtenMemref(op);
    if (!m)
      m = readMemref(op);
    if (m && isShared(memRoot(m)))
      byBuffer[memRoot(m)].push_back(op);
  }
  if (byBuffer.empty())
    return;
  ProgramOrder order(ctx.func);
  Operation *rawRead = nullptr, *warWrite = nullptr;
  for (auto &[buf, ops] : byBuffer) {
    for (Operation *w : ops) {
      if (!writtenMemref(w))
        continue;
      for (Operation *r : ops) {
        if (r == w || !readMemref(r))
          continue;
        if (order.unprotectedPath(w, r)) {
          if (!rawRead || order.pos.lookup(r) < order.pos.lookup(rawRead))
            rawRead = r;
        } else if (order.unprotectedPath(r, w)) {
          if (!warWrite || order.pos.lookup(w) < order.pos.lookup(warWrite))
            warWrite = w;
        }
      }
    }
  }
  if (rawRead) {
    ctx.add(rawRead, "barrier-missing", 4.5,
            "a shared-memory store reaches this racing load with no barrier on the way "
            "(read-after-write: the barrier between them is missing)");
    return;
  }
  if (warWrite)
    ctx.add(warWrite, "barrier-reuse", 4.5,
            "every path from the racing store to the load crosses a barrier, but the load "
            "comes first and this store overwrites the element with no barrier since "
            "(write-after-read: the barrier before the overwrite is missing)");
}
