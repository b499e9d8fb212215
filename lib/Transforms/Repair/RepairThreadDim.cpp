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

/// True when `v` (through casts) is a blockIdx/blockDim of dimension `dim`,
/// or a product with one.
bool isBlockTerm(Value v, gpu::Dimension dim, unsigned depth = 0) {
  v = stripCasts(v);
  if (auto b = v.getDefiningOp<gpu::BlockIdOp>())
    return b.getDimension() == dim;
  if (auto b = v.getDefiningOp<gpu::BlockDimOp>())
    return b.getDimension() == dim;
  if (depth < 2)
    if (auto mul = v.getDefiningOp<arith::MulIOp>())
      return isBlockTerm(mul.getLhs(), dim, depth + 1) ||
             isBlockTerm(mul.getRhs(), dim, depth + 1);
  return false;
}

/// True when `v` (looking through integer casts of it) is an operand of an
/// add or multiply whose other operand is a block term of dimension `dim`.
bool combinedWithDim(Value v, gpu::Dimension dim, unsigned depth = 0) {
  for (Operation *user : v.getUsers()) {
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::TruncIOp>(user)) {
      if (depth < 3 && combinedWithDim(user->getResult(0), dim, depth + 1))
        return true;
      continue;
    }
    if (!isa<arith::AddIOp, arith::MulIOp>(user))
      continue;
    Value other = user->getOperand(0) == v ? user->getOperand(1) : user->getOperand(0);
    if (isBlockTerm(other, dim))
      return true;
  }
  return false;
}

template <typename OpT>
unsigned retarget(Operation *root, StringRef loc, gpu::Dimension from, gpu::Dimension to,
                  bool mixed) {
  SmallVector<OpT> ops;
  root->walk([&](OpT op) {
    if (op.getDimension() == from && locMatches(op.getLoc(), loc) &&
        (!mixed || combinedWithDim(op.getResult(), to)))
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
      numRewrites += retarget<gpu::ThreadIdOp>(root, loc, *f, *t, mixed);
    else if (op == "block_id")
      numRewrites += retarget<gpu::BlockIdOp>(root, loc, *f, *t, mixed);
    else if (op == "block_dim")
      numRewrites += retarget<gpu::BlockDimOp>(root, loc, *f, *t, mixed);
    else if (op == "grid_dim")
      numRewrites += retarget<gpu::GridDimOp>(root, loc, *f, *t, mixed);
    else {
      root->emitError() << kPassArg
                        << ": op must be thread_id, block_id, block_dim or grid_dim, not '"
                        << op << "'";
      signalPassFailure();
    }
  }
};

} // namespace
