//===- SuspectReductions.cpp - tree halving and warp shuffles --------------===//
//
// The reduction-step models (SuspectModels.cpp lists every model):
// tree-halving (a loop variable started at blockDim / 2 assumes a power-of-two
// block) and the shuffle models (shuffle-mask, shuffle-direction,
// shuffle-offsets), applied op by op over the wrong outputs' slice.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

void suspects::treeHalving(SuspectContext &ctx, Operation *op) {
  // s = blockDim / 2 (or >> 1) stored to a local that a loop keeps halving.
  if (!isa<arith::DivUIOp, arith::DivSIOp, arith::ShRUIOp, arith::ShRSIOp>(op))
    return;
  auto c = constantValue(op->getOperand(1));
  bool halves = c && ((isa<arith::DivUIOp, arith::DivSIOp>(op) && *c == 2) ||
                      (isa<arith::ShRUIOp, arith::ShRSIOp>(op) && *c == 1));
  if (!halves)
    return;
  Dims d;
  collectDims(op->getOperand(0), ctx.mem, d);
  if (!d.blockDim)
    return;
  double s = 1.5;
  int64_t bx = ctx.in.block[0];
  std::string why = "a tree reduction halving from blockDim assumes a power-of-two block";
  if (bx > 0 && (bx & (bx - 1))) {
    s += 2.5;
    why += llvm::formatv(" (the block has {0} threads)", bx).str();
  }
  ctx.add(op, "tree-halving", s, why);
}

static bool underLaneZeroGuard(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(p);
    if (!ifOp)
      continue;
    if (auto cmp = stripCasts(ifOp.getCondition()).getDefiningOp<arith::CmpIOp>())
      if (cmp.getPredicate() == arith::CmpIPredicate::eq)
        if (auto c = constantValue(cmp.getRhs()); c && *c == 0)
          return true;
  }
  return false;
}

void suspects::shuffleModels(SuspectContext &ctx, Operation *op,
                             const std::vector<Operation *> &stores) {
  auto sh = dyn_cast<gpu::ShuffleOp>(op);
  if (!sh)
    return;
  if (auto mask = op->getAttrOfType<IntegerAttr>("kfix.mask")) {
    ctx.add(op, "shuffle-mask", 4.0,
            llvm::formatv("warp shuffle with the partial member mask {0:x}",
                          mask.getValue().getZExtValue())
                .str());
    return;
  }
  if (isScanStep(sh)) {
    ctx.add(op, "shuffle-offsets", 1.0, "shfl_up step of a warp scan");
    return;
  }
  if (sh.getMode() == gpu::ShuffleMode::DOWN || sh.getMode() == gpu::ShuffleMode::UP) {
    bool everyLane = llvm::any_of(stores, [](Operation *st) { return !underLaneZeroGuard(st); });
    // Only a result that every lane uses makes the direction itself the
    // suspect; a down/up step whose result lane 0 alone stores is an offsets
    // question like any other reduction step.
    ctx.add(op, everyLane ? "shuffle-direction" : "shuffle-offsets", everyLane ? 3.0 : 1.5,
            everyLane ? "shfl_down/up reduction whose result every lane uses (only lane 0 "
                        "holds the whole reduction)"
                      : "shfl_down/up reduction step");
    return;
  }
  ctx.add(op, "shuffle-offsets", 1.0,
          "warp shuffle (offsets and width decide which lanes combine)");
}
