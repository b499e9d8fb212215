//===- RepairSwapOperands.cpp - `b - a` where `a - b` was meant -----------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Math/IR/Math.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRSWAPOPERANDS
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-swap-operands";

bool isNonCommutative(Operation *op) {
  return isa<arith::SubIOp, arith::SubFOp, arith::DivSIOp, arith::DivUIOp, arith::DivFOp,
             arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp, arith::RemSIOp,
             arith::RemUIOp, arith::RemFOp, arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp,
             arith::CmpIOp, arith::CmpFOp, math::PowFOp, math::Atan2Op>(op);
}

struct RepairSwapOperandsPass : public kfix::impl::RepairSwapOperandsBase<RepairSwapOperandsPass> {
  using RepairSwapOperandsBase::RepairSwapOperandsBase;

  void runOnOperation() override {
    if (StringRef(loc).trim().empty()) {
      getOperation().emitError() << kPassArg << ": needs loc=<file:line[:col]>";
      return signalPassFailure();
    }
    // A local count: statistics are no-ops unless enabled.
    unsigned swapped = 0;
    getOperation().walk([&](Operation *o) {
      if (!isNonCommutative(o) || constantSecondOperand(o) || !locMatches(o->getLoc(), loc) ||
          (!op.empty() && o->getName().getStringRef() != op))
        return;
      Value a = o->getOperand(0), b = o->getOperand(1);
      o->setOperand(0, b);
      o->setOperand(1, a);
      markRepaired(o, kPassArg);
      ++numRewrites;
      ++swapped;
    });
    if (swapped == 0)
      getOperation().emitWarning() << kPassArg << ": no non-commutative op at " << loc;
  }
};

} // namespace
