//===- RepairThreadDim.cpp - threadIdx.x where threadIdx.y was meant ------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRTHREADDIM
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-thread-dim";

std::optional<gpu::Dimension> parseDim(StringRef s) {
  if (s == "x")
    return gpu::Dimension::x;
  if (s == "y")
    return gpu::Dimension::y;
  if (s == "z")
    return gpu::Dimension::z;
  return std::nullopt;
}

template <typename OpT>
unsigned retarget(Operation *root, StringRef loc, gpu::Dimension from, gpu::Dimension to) {
  SmallVector<OpT> ops;
  root->walk([&](OpT op) {
    if (op.getDimension() == from && locMatches(op.getLoc(), loc))
      ops.push_back(op);
  });
  for (OpT op : ops) {
    OpBuilder b(op);
    auto repl = OpT::create(b, op.getLoc(), to);
    markRepaired(repl, kPassArg);
    op.replaceAllUsesWith(repl.getResult());
    op.erase();
  }
  return ops.size();
}

struct RepairThreadDimPass : public kfix::impl::RepairThreadDimBase<RepairThreadDimPass> {
  using RepairThreadDimBase::RepairThreadDimBase;

  void runOnOperation() override {
    auto f = parseDim(from), t = parseDim(to);
    if (!f || !t) {
      getOperation().emitError() << kPassArg << ": from and to must be x, y or z";
      return signalPassFailure();
    }
    if (*f == *t)
      return;
    Operation *root = getOperation();
    if (op == "thread_id")
      numRewrites += retarget<gpu::ThreadIdOp>(root, loc, *f, *t);
    else if (op == "block_id")
      numRewrites += retarget<gpu::BlockIdOp>(root, loc, *f, *t);
    else if (op == "block_dim")
      numRewrites += retarget<gpu::BlockDimOp>(root, loc, *f, *t);
    else if (op == "grid_dim")
      numRewrites += retarget<gpu::GridDimOp>(root, loc, *f, *t);
    else {
      root->emitError() << kPassArg
                        << ": op must be thread_id, block_id, block_dim or grid_dim, not '"
                        << op << "'";
      signalPassFailure();
    }
  }
};

} // namespace
