//===- RepairIntDivision.cpp - float division where ints were divided -----===//
//
// `float mean = sum_i / n;` with integer operands truncates before the
// conversion; the repair converts the operands and divides in float (and
// computes in float the integer arithmetic between the quotient and the
// conversion: `(float)(acc / cnt - zp)`).
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

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

  /// The integer division `v` is, or that it adds, subtracts or multiplies
  /// (through sign extensions), if any.
  static Operation *findDivision(Value v, unsigned depth) {
    while (isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(v.getDefiningOp()))
      v = v.getDefiningOp()->getOperand(0);
    Operation *d = v.getDefiningOp();
    if (!d || depth > 4)
      return nullptr;
    if (isa<arith::DivSIOp, arith::DivUIOp>(d))
      return d;
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(d))
      for (Value o : d->getOperands())
        if (Operation *q = findDivision(o, depth + 1))
          return q;
    return nullptr;
  }

  /// The integer chain that computed `v`, where nothing reads it any more.
  static void eraseDead(Value v, unsigned depth) {
    Operation *d = v.getDefiningOp();
    if (!d || depth > 6 || !d->use_empty() || !isMemoryEffectFree(d) || d->getNumRegions())
      return;
    SmallVector<Value> operands(d->getOperands());
    d->erase();
    for (Value o : operands)
      eraseDead(o, depth + 1);
  }

  /// `v` computed in float: the division `div` as a float division, the
  /// integer arithmetic on the way to it as float arithmetic, any other
  /// value converted.
  Value inFloat(OpBuilder &b, Value v, Operation *div, FloatType ft, bool isUnsigned, Location l) {
    Value in = v;
    while (isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(in.getDefiningOp()))
      in = in.getDefiningOp()->getOperand(0);
    Operation *d = in.getDefiningOp();
    auto conv = [&](Value x) -> Value {
      return isUnsigned ? arith::UIToFPOp::create(b, l, ft, x).getResult()
                        : arith::SIToFPOp::create(b, l, ft, x).getResult();
    };
    if (d == div) {
      auto q = arith::DivFOp::create(b, div->getLoc(), conv(div->getOperand(0)),
                                     conv(div->getOperand(1)));
      markRepaired(q, kPassArg);
      return q;
    }
    if (!d || !isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(d) || !findDivision(in, 0))
      return conv(v);
    Value x = inFloat(b, d->getOperand(0), div, ft, isUnsigned, l);
    Value y = inFloat(b, d->getOperand(1), div, ft, isUnsigned, l);
    Operation *r = isa<arith::AddIOp>(d)   ? arith::AddFOp::create(b, d->getLoc(), x, y)
                   : isa<arith::SubIOp>(d) ? arith::SubFOp::create(b, d->getLoc(), x, y)
                                           : arith::MulFOp::create(b, d->getLoc(), x, y);
    markRepaired(r, kPassArg);
    return r->getResult(0);
  }

  void runOnOperation() override {
    SmallVector<Operation *> convs;
    getOperation().walk([&](Operation *op) {
      if (isa<arith::SIToFPOp, arith::UIToFPOp>(op))
        convs.push_back(op);
    });
    for (Operation *conv : convs) {
      // The quotient converted directly (`(float)(a / b)`) or through
      // integer arithmetic (`(float)(acc / cnt - zp)`): the chain is
      // computed in float from the quotient on.
      Operation *div = findDivision(conv->getOperand(0), 0);
      if (!div || !(locMatches(conv->getLoc(), loc) || locMatches(div->getLoc(), loc)))
        continue;
      bool isUnsigned = isa<arith::DivUIOp>(div);
      auto ft = cast<FloatType>(conv->getResult(0).getType());
      OpBuilder b(conv);
      Value q = inFloat(b, conv->getOperand(0), div, ft, isUnsigned, conv->getLoc());
      if (!q)
        continue;
      Value oldInt = conv->getOperand(0);
      conv->getResult(0).replaceAllUsesWith(q);
      conv->erase();
      eraseDead(oldInt, 0);
      ++numRewrites;
    }
  }
};

} // namespace
