//===- RepairIntDivision.cpp - float division where ints were divided -----===//
//
// `float mean = sum_i / n;` with integer operands truncates before the
// conversion; the repair converts the operands and divides in float.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRINTDIVISION
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-int-division";

struct RepairIntDivisionPass : public kfix::impl::RepairIntDivisionBase<RepairIntDivisionPass> {
  using RepairIntDivisionBase::RepairIntDivisionBase;

  void runOnOperation() override {
    SmallVector<Operation *> convs;
    getOperation().walk([&](Operation *op) {
      if (isa<arith::SIToFPOp, arith::UIToFPOp>(op))
        convs.push_back(op);
    });
    for (Operation *conv : convs) {
      Value in = conv->getOperand(0);
      while (isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(in.getDefiningOp()))
        in = in.getDefiningOp()->getOperand(0);
      Operation *div = in.getDefiningOp();
      if (!isa_and_nonnull<arith::DivSIOp, arith::DivUIOp>(div) ||
          !(locMatches(conv->getLoc(), loc) || locMatches(div->getLoc(), loc)))
        continue;
      bool isUnsigned = isa<arith::DivUIOp>(div);
      Type ft = conv->getResult(0).getType();
      OpBuilder b(conv);
      auto toFloat = [&](Value v) -> Value {
        return isUnsigned ? arith::UIToFPOp::create(b, conv->getLoc(), ft, v).getResult()
                          : arith::SIToFPOp::create(b, conv->getLoc(), ft, v).getResult();
      };
      Value num = toFloat(div->getOperand(0)), den = toFloat(div->getOperand(1));
      auto q = arith::DivFOp::create(b, div->getLoc(), num, den);
      markRepaired(q, kPassArg);
      conv->getResult(0).replaceAllUsesWith(q.getResult());
      conv->erase();
      ++numRewrites;
    }
  }
};

} // namespace
