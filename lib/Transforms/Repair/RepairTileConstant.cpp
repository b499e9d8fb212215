//===- RepairTileConstant.cpp - a tile size that disagrees with the block -===//
//
// `#define TILE 32` where the launch uses 16x16 blocks: the lifter folds the
// macro into every use, so the repair rewrites the constant (and the shared
// arrays and shared indices derived from it) throughout the kernel.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRTILECONSTANT
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-tile-constant";

/// True when `v` flows (through integer arithmetic) into the index of a
/// shared-memory access.
bool indexesShared(Value v, unsigned depth = 0) {
  if (depth > 4)
    return false;
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (std::optional<MemAccess> acc = getMemAccess(user)) {
      if (isSharedMemref(acc->memref) && llvm::is_contained(acc->indices, v))
        return true;
      continue;
    }
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::IndexCastOp, arith::IndexCastUIOp,
            arith::ExtSIOp, arith::ExtUIOp>(user) &&
        indexesShared(user->getResult(0), depth + 1))
      return true;
  }
  return false;
}

struct RepairTileConstantPass : public kfix::impl::RepairTileConstantBase<RepairTileConstantPass> {
  using RepairTileConstantBase::RepairTileConstantBase;

  void runOnOperation() override {
    auto [fromText, toText] = StringRef(replace).split(':');
    int64_t from = 0, to = 0;
    if (fromText.trim().getAsInteger(10, from) || toText.trim().getAsInteger(10, to) || from <= 0 ||
        to <= 0) {
      getOperation().emitError() << kPassArg
                                 << ": replace must be FROM:TO (positive integers), not '"
                                 << replace << "'";
      return signalPassFailure();
    }
    if (from == to)
      return;
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      if (!func.isKernel())
        continue;
      if (!StringRef(loc).trim().empty()) {
        bool here = false;
        func.walk([&](Operation *op) { here |= locMatches(op->getLoc(), loc); });
        if (!here)
          continue;
      }
      rewrite(func, from, to);
    }
  }

  void rewrite(gpu::GPUFuncOp func, int64_t from, int64_t to) {
    SmallVector<std::pair<arith::ConstantOp, int64_t>> changes;
    func.walk([&](arith::ConstantOp c) {
      auto attr = dyn_cast<IntegerAttr>(c.getValue());
      if (!attr || attr.getType().isInteger(1))
        return;
      int64_t v = attr.getValue().getSExtValue();
      if (v == from)
        changes.push_back({c, to});
      else if ((v == from - 1 || v == from + 1 || v == from + 2) && indexesShared(c.getResult()))
        changes.push_back({c, to + (v - from)});
    });
    if (llvm::none_of(changes, [&](auto &p) { return p.second == to; })) {
      func.emitWarning() << kPassArg << ": not applied: no constant " << from << " in the kernel";
      return;
    }
    // Shared arrays sized by the tile.
    SmallVector<std::pair<BlockArgument, SmallVector<int64_t>>> resized;
    for (BlockArgument arg : func.getWorkgroupAttributions()) {
      auto type = cast<MemRefType>(arg.getType());
      SmallVector<int64_t> dims(type.getShape());
      bool changed = false;
      for (int64_t &d : dims)
        if (d == from || d == from + 1 || d == from + 2) {
          d = to + (d - from);
          changed = true;
        }
      if (!changed)
        continue;
      for (Operation *user : arg.getUsers())
        if (!isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp, vector::LoadOp,
                 vector::StoreOp>(user)) {
          user->emitWarning() << kPassArg
                              << ": not applied: a shared array has a use that fixes its type";
          return;
        }
      resized.push_back({arg, dims});
    }
    for (auto &[c, v] : changes) {
      OpBuilder b(c);
      auto repl = arith::ConstantOp::create(b, c.getLoc(), b.getIntegerAttr(c.getType(), v));
      markRepaired(repl, kPassArg);
      c.getResult().replaceAllUsesWith(repl.getResult());
      c->erase();
      ++numRewrites;
    }
    for (auto &[arg, dims] : resized) {
      auto type = cast<MemRefType>(arg.getType());
      arg.setType(
          MemRefType::get(dims, type.getElementType(), type.getLayout(), type.getMemorySpace()));
    }
    markRepaired(func, kPassArg);
  }
};

} // namespace
