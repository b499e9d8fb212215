//===- RepairVarianceDivisor.cpp - variance over N or N - 1 ---------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRVARIANCEDIVISOR
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-variance-divisor";

struct RepairVarianceDivisorPass
    : public kfix::impl::RepairVarianceDivisorBase<RepairVarianceDivisorPass> {
  using RepairVarianceDivisorBase::RepairVarianceDivisorBase;

  void runOnOperation() override {
    bool toBiased = to == "biased";
    if (!toBiased && to != "unbiased") {
      getOperation().emitError() << kPassArg << ": to must be biased or unbiased";
      return signalPassFailure();
    }
    if (!toBiased && StringRef(loc).trim().empty()) {
      getOperation().emitError() << kPassArg << ": to=unbiased needs loc=<file:line[:col]>";
      return signalPassFailure();
    }
    SmallVector<arith::DivFOp> divs;
    getOperation().walk([&](arith::DivFOp d) {
      if (locMatches(d.getLoc(), loc))
        divs.push_back(d);
    });
    for (arith::DivFOp div : divs) {
      Operation *conv = div.getRhs().getDefiningOp();
      if (!isa_and_nonnull<arith::SIToFPOp, arith::UIToFPOp>(conv))
        continue;
      Value n = conv->getOperand(0);
      OpBuilder b(conv);
      Value nn;
      if (toBiased) {
        auto sub = n.getDefiningOp<arith::SubIOp>();
        if (!sub || getConstInt(sub.getRhs()) != 1)
          continue;
        nn = sub.getLhs();
      } else {
        // Already `n - 1`: a second application would divide by n - 2, which
        // is no variance (and lets a search creep towards a wrong constant).
        if (auto sub = n.getDefiningOp<arith::SubIOp>(); sub && getConstInt(sub.getRhs()) == 1)
          continue;
        Value one = arith::ConstantOp::create(b, conv->getLoc(), IntegerAttr::get(n.getType(), 1));
        auto sub = arith::SubIOp::create(b, conv->getLoc(), n, one);
        markRepaired(sub, kPassArg);
        nn = sub;
      }
      OperationState st(conv->getLoc(), conv->getName());
      st.addOperands(nn);
      st.addTypes(conv->getResult(0).getType());
      Operation *nconv = b.create(st);
      markRepaired(nconv, kPassArg);
      div.getRhsMutable().assign(nconv->getResult(0));
      markRepaired(div, kPassArg);
      ++numRewrites;
    }
  }
};

} // namespace
