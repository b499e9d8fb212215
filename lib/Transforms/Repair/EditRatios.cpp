//===- EditRatios.cpp - a ratio of two sums of one large term -------------===//
//
// The `stable-ratio` edit (EditVocabulary.h). A ratio whose numerator and
// denominator add constants to the same term, `(E + a) / (E + b)`, is NaN
// once E overflows to infinity (inf / inf), though its value tends to 1: the
// hand-written tanh `(exp(2u) - 1) / (exp(2u) + 1)` and sigmoid
// `exp(x) / (exp(x) + 1)` of a kernel that avoids tanhf and expf's range.
// The same value computed without the quotient of two infinities is
// `1 + (a - b) / (E + b)` (`1 - 2 / (exp(2u) + 1)`): the denominator is
// kept, the numerator becomes the constant a - b.
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace kfix::edit {

namespace {
constexpr llvm::StringLiteral kPassArg = "kfix-repair-edit";

/// `x` as a term plus a constant: `E + c`, `c + E`, `E - c` (c a float
/// constant), else `x + 0` when `bare`.
std::optional<std::pair<Value, double>> termPlusConst(Value x, bool bare) {
  Operation *d = x.getDefiningOp();
  if (isa_and_nonnull<arith::AddFOp, arith::SubFOp>(d)) {
    bool sub = isa<arith::SubFOp>(d);
    if (auto c = getConstFloat(d->getOperand(1)); c && !getConstFloat(d->getOperand(0)))
      return std::pair{d->getOperand(0), sub ? -*c : *c};
    if (auto c = getConstFloat(d->getOperand(0)); c && !sub && !getConstFloat(d->getOperand(1)))
      return std::pair{d->getOperand(1), *c};
  }
  if (bare && !getConstFloat(x))
    return std::pair{x, 0.0};
  return std::nullopt;
}

} // namespace

bool stableRatio(OpBuilder *b, Operation *op) {
  auto div = dyn_cast<arith::DivFOp>(op);
  if (!div)
    return false;
  auto num = termPlusConst(div.getLhs(), /*bare=*/true);
  auto den = termPlusConst(div.getRhs(), /*bare=*/false);
  if (!num || !den || num->second == den->second || !sameExpr(num->first, den->first))
    return false;
  if (!b)
    return true;
  Location l = op->getLoc();
  Type t = div.getType();
  b->setInsertionPoint(op);
  Value diff = arith::ConstantOp::create(*b, l, FloatAttr::get(t, num->second - den->second));
  Value one = arith::ConstantOp::create(*b, l, FloatAttr::get(t, 1.0));
  auto q = arith::DivFOp::create(*b, l, diff, div.getRhs(), div.getFastmathAttr());
  auto r = arith::AddFOp::create(*b, l, one, q, div.getFastmathAttr());
  for (Operation *n :
       {diff.getDefiningOp(), one.getDefiningOp(), q.getOperation(), r.getOperation()})
    markRepaired(n, kPassArg);
  div.getResult().replaceAllUsesWith(r.getResult());
  Value oldNum = div.getLhs();
  div.erase();
  // The old numerator (`e - 1` and its read of e) goes with it.
  SmallVector<Operation *> dead;
  if (Operation *d = oldNum.getDefiningOp())
    dead.push_back(d);
  while (!dead.empty()) {
    Operation *d = dead.pop_back_val();
    if (!wouldOpBeTriviallyDead(d))
      continue;
    for (Value o : d->getOperands())
      if (Operation *od = o.getDefiningOp(); od && od->hasOneUse())
        dead.push_back(od);
    d->erase();
  }
  return true;
}

} // namespace kfix::edit
