//===- SuspectMerges.cpp - a cross-lane merge that rescales one side -------===//
//
// The merge-scale model (SuspectModels.cpp lists every model). Merging this
// lane's running state with another lane's (an online softmax's (max, sum),
// a log-sum-exp) rescales both sums to the new maximum: `l * exp(m - m_new)
// + l_o * exp(m_o - m_new)`. An add whose one operand is this lane's value
// unscaled and whose other is the shuffled copy of that same value times a
// factor of other shuffled values (`l + l_o * exp(m_o - m_new)`) forgot this
// lane's factor: the suspect's hint is the `mirror` edit, which multiplies the
// unscaled operand by the other's factor read with this lane's values.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

/// The local `v` reads (through casts).
Value localRead(Value v) {
  auto ld = stripCasts(v).getDefiningOp<memref::LoadOp>();
  return ld && ld.getIndices().empty() ? ld.getMemref() : Value();
}

/// Some leaf of `v`'s arithmetic is a shuffled value.
bool dependsOnShuffle(Value v, unsigned depth = 0) {
  if (shuffleSource(v))
    return true;
  Operation *d = v.getDefiningOp();
  if (!d || depth > 8 || !isa<arith::ArithDialect, math::MathDialect>(d->getDialect()))
    return false;
  return llvm::any_of(d->getOperands(), [&](Value o) { return dependsOnShuffle(o, depth + 1); });
}

} // namespace

void suspects::mergeScaleModels(SuspectContext &ctx) {
  ctx.func.walk([&](arith::AddFOp add) {
    if (!ctx.bad.contains(add))
      return;
    for (unsigned i = 0; i < 2; ++i) {
      Value mine = add->getOperand(i);
      auto prod = add->getOperand(1 - i).getDefiningOp<arith::MulFOp>();
      Value own = localRead(mine);
      if (!prod || !own)
        continue;
      for (unsigned s = 0; s < 2; ++s) {
        gpu::ShuffleOp sh = shuffleSource(prod->getOperand(s));
        if (!sh || localRead(sh.getValue()) != own || !dependsOnShuffle(prod->getOperand(1 - s)))
          continue;
        auto name = own.getDefiningOp() ? own.getDefiningOp()->getAttrOfType<StringAttr>("kfix.var")
                                        : StringAttr();
        ctx.add(add, "merge-scale", 3.0,
                llvm::formatv("merges '{0}' with another lane's copy scaled by a factor of "
                              "shuffled values, but leaves this lane's own unscaled",
                              name ? name.getValue() : "the value")
                    .str());
        ctx.setHint(add, "merge-scale",
                    llvm::formatv("kind=mirror operand={0} with=lanes", i).str());
        return;
      }
    }
  });
}
