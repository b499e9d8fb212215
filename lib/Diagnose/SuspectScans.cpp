//===- SuspectScans.cpp - the lane test of a warp scan step ----------------===//
//
// The model over warp scans (SuspectModels.cpp lists every model). A
// Kogge-Stone step reads the value `offset` lanes below with `__shfl_up_sync`
// and adds it on the lanes that have one: `if (lane >= offset) v += up;`.
// Lanes below `offset` get their own value back from the shuffle, so the test
// must let lane == offset through; a strict `lane > offset` drops that lane's
// addend at every step (scan-guard). The suspect's hint is the inclusive
// predicate. The same shape tells `shuffle` (SuspectModels.cpp) that a
// shfl_up whose result every lane stores is a scan, not a reduction used as
// an all-reduce.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

using P = arith::CmpIPredicate;

/// `a` and `b` hold the same scalar: one SSA value, or loads of one local.
bool sameScalar(Value a, Value b) { return scalarKey(a) == scalarKey(b); }

/// The comparisons in the shuffle's block (and the blocks of the ops around
/// it, up to its loop's body) that test a value against the shuffle's
/// offset, with the side the offset is on.
SmallVector<std::pair<arith::CmpIOp, unsigned>> laneTests(gpu::ShuffleOp sh) {
  SmallVector<std::pair<arith::CmpIOp, unsigned>> out;
  Value offset = sh.getOffset();
  Operation *scope = sh->getParentOp();
  if (!scope)
    return out;
  scope->walk([&](arith::CmpIOp c) {
    for (unsigned side = 0; side < 2; ++side)
      if (sameScalar(c->getOperand(side), offset) && !sameScalar(c->getOperand(1 - side), offset) &&
          !constantValue(c->getOperand(1 - side))) {
        out.push_back({c, side});
        return;
      }
  });
  return out;
}

/// The inclusive predicate that lets lane == offset through, for a test with
/// the offset on `side` (`lane > off` -> `lane >= off`; `off < lane` ->
/// `off <= lane`); none when the test is not a strict "above the offset".
std::optional<P> inclusiveFix(P p, unsigned side) {
  if (side == 1) {
    if (p == P::sgt)
      return P::sge;
    if (p == P::ugt)
      return P::uge;
  } else {
    if (p == P::slt)
      return P::sle;
    if (p == P::ult)
      return P::ule;
  }
  return std::nullopt;
}

} // namespace

bool suspects::isScanStep(gpu::ShuffleOp sh) {
  return sh.getMode() == gpu::ShuffleMode::UP && !laneTests(sh).empty();
}

void suspects::scanModels(SuspectContext &ctx) {
  ctx.func.walk([&](gpu::ShuffleOp sh) {
    if (sh.getMode() != gpu::ShuffleMode::UP)
      return;
    for (auto [cmp, side] : laneTests(sh)) {
      auto fix = inclusiveFix(cmp.getPredicate(), side);
      if (!fix || !ctx.bad.contains(cmp))
        continue;
      ctx.add(cmp, "scan-guard", 3.2,
              "a warp scan step adds the shuffled value only above the offset: lane == offset "
              "has a source too (`lane >= offset`)");
      ctx.setHint(
          cmp, "scan-guard",
          llvm::formatv("kind=opcode operand= with={0}", arith::stringifyCmpIPredicate(*fix))
              .str());
    }
  });
}
