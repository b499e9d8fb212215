//===- WidenLoopCounters.cpp - kfix-widen-loop-counters -------------------===//
//
// A C loop `for (int i = a; i < n; i += s)` ends when `i` reaches `n`; its
// last increment may step past INT_MAX (a grid-stride loop over the last rows
// of a 2^31-element tensor), which C leaves undefined and which nvcc compiles
// as if it did not wrap. A lifted `scf.for` on i32 lowers to a wrapping add:
// the counter turns negative, stays below the bound and the loop runs on
// (out of bounds, or until a time limit). This pass gives each signed
// sub-64-bit `scf.for` whose increment could pass the type's maximum a 64-bit
// counter (bounds and step sign-extended), and hands the body the counter
// truncated back to its type, so that the loop ends where the compiled C ends.
// Unsigned loops (`unsignedCmp`) keep their type: C defines their wrap.
//
//===----------------------------------------------------------------------===//
#include "kfix/Conversion/Passes.h"

#include "mlir/IR/Matchers.h"

namespace kfix {
#define GEN_PASS_DEF_WIDENLOOPCOUNTERS
#include "kfix/Conversion/Passes.h.inc"
} // namespace kfix

using namespace mlir;

namespace {

/// True when the loop's last increment cannot pass the counter type's
/// maximum: a unit step (the counter stays below the bound) or constant
/// bounds and step whose sum fits.
bool cannotWrap(scf::ForOp loop, unsigned width) {
  APInt step, ub;
  if (!matchPattern(loop.getStep(), m_ConstantInt(&step)))
    return false;
  if (step.isOne())
    return true;
  if (!matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)))
    return false;
  bool overflow = false;
  (void)ub.sextOrTrunc(width).sadd_ov(step.sextOrTrunc(width), overflow);
  return !overflow;
}

void widen(scf::ForOp loop) {
  auto type = cast<IntegerType>(loop.getInductionVar().getType());
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Type i64 = b.getI64Type();
  auto ext = [&](Value v) { return arith::ExtSIOp::create(b, loc, i64, v).getResult(); };
  auto wide = scf::ForOp::create(b, loc, ext(loop.getLowerBound()), ext(loop.getUpperBound()),
                                 ext(loop.getStep()), loop.getInitArgs());
  wide->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  // The new loop's builder made an empty body with a yield: replace it by the
  // old body, whose counter argument becomes the truncated wide counter.
  Block *oldBody = loop.getBody();
  Block *newBody = wide.getBody();
  newBody->getOperations().clear();
  OpBuilder inner = OpBuilder::atBlockBegin(newBody);
  Value narrow = arith::TruncIOp::create(inner, loc, type, wide.getInductionVar());
  SmallVector<Value> replacements{narrow};
  for (Value arg : wide.getRegionIterArgs())
    replacements.push_back(arg);
  newBody->getOperations().splice(newBody->end(), oldBody->getOperations());
  for (auto [oldArg, repl] : llvm::zip(oldBody->getArguments(), replacements))
    oldArg.replaceAllUsesWith(repl);
  loop.replaceAllUsesWith(wide.getResults());
  loop.erase();
}

struct WidenLoopCounters : kfix::impl::WidenLoopCountersBase<WidenLoopCounters> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      auto type = dyn_cast<IntegerType>(loop.getInductionVar().getType());
      if (!type || type.getWidth() >= 64 || loop.getUnsignedCmp())
        return;
      if (cannotWrap(loop, type.getWidth()))
        return;
      loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      widen(loop);
    numWidened += loops.size();
  }
};

} // namespace
