//===- SuspectSnapshots.cpp - a value read after it was updated ------------===//
//
// The snapshot model (SuspectModels.cpp lists every model). A local that
// copies another before the other is updated (`n_a = count; count += n_b;`)
// exists because some later expression needs the old value: a read of the
// updated local after the update, in an expression the wrong outputs depend
// on, may be one that meant the copy (`delta * delta * count * n_b / count`
// where the merge needs `n_a * n_b / count`). Each such read is a suspect
// whose hint replaces it by the copy; validation tells which read it was.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

void suspects::snapshotModels(SuspectContext &ctx) {
  // Program order of every op.
  std::map<Operation *, unsigned> order;
  ctx.func.walk<WalkOrder::PreOrder>([&](Operation *op) { order[op] = order.size(); });
  ctx.func.walk([&](memref::AllocaOp copy) {
    StringRef copyName = localName(copy);
    if (copyName.empty())
      return;
    // The copy: stored once, with a load of another named local.
    memref::StoreOp init;
    for (Operation *u : copy->getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemref() == copy.getResult()) {
        if (init)
          return;
        init = st;
      }
    if (!init)
      return;
    auto src = init.getValueToStore().getDefiningOp<memref::LoadOp>();
    memref::AllocaOp orig = src ? src.getMemref().getDefiningOp<memref::AllocaOp>() : nullptr;
    StringRef origName = localName(orig);
    if (origName.empty() || orig.getType() != copy.getType() || !src.getIndices().empty())
      return;
    // The first update of the original after the copy, in the copy's block
    // (or a region nested in it).
    memref::StoreOp update;
    for (Operation *u : orig->getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u);
          st && st.getMemref() == orig.getResult() && order[st] > order[init] &&
          init->getBlock()->findAncestorOpInBlock(*st) && (!update || order[st] < order[update]))
        update = st;
    if (!update)
      return;
    // Reads of the original after the update, in the slice of the wrong
    // outputs, that are not part of the next update of the original itself.
    bool copyReadAfter = false;
    for (Operation *u : copy->getUsers())
      copyReadAfter |= isa<memref::LoadOp>(u) && order[u] > order[update];
    for (Operation *u : orig->getUsers()) {
      auto ld = dyn_cast<memref::LoadOp>(u);
      if (!ld || order[ld] <= order[update] || !update->getBlock()->findAncestorOpInBlock(*ld))
        continue;
      for (OpOperand &use : ld->getUses()) {
        Operation *user = use.getOwner();
        if (!ctx.bad.contains(user) || isa<memref::StoreOp>(user))
          continue;
        auto flc = findFileLineCol(update->getLoc());
        ctx.add(user, "snapshot", copyReadAfter ? 1.9 : 2.3,
                llvm::formatv("reads '{0}' after its update at line {1}; '{2}' keeps the value "
                              "before it",
                              origName, flc ? flc->getLine() : 0, copyName)
                    .str());
        ctx.setHint(
            user, "snapshot",
            llvm::formatv("operand={0} with=var:{1}", use.getOperandNumber(), copyName).str(),
            /*keepFirst=*/true);
      }
    }
  });
}
