//===- InstrumentNan.cpp - find where NaN/Inf first appear ----------------===//
//
// A check per float-producing op fires only when the op turns finite operands
// into a non-finite result, so the report points at the origin of a NaN/Inf
// rather than at every op it propagates through.
//
//===----------------------------------------------------------------------===//
#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace kfix {
#define GEN_PASS_DEF_INSTRUMENTNAN
#include "kfix/Transforms/InstrumentPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr llvm::StringLiteral kMarker = "kfix.instrumented.nan";

bool isFloatLike(Type type) {
  if (auto vec = dyn_cast<VectorType>(type))
    return isa<FloatType>(vec.getElementType()) && !vec.isScalable();
  return isa<FloatType>(type);
}

/// Ops that cannot produce a NaN or an Inf from finite operands.
bool cannotCreateNonFinite(Operation *op) {
  return isa<arith::ConstantOp, arith::SelectOp, arith::MaxNumFOp, arith::MinNumFOp,
             arith::MaximumFOp, arith::MinimumFOp, arith::NegFOp, math::AbsFOp, math::CopySignOp,
             math::FloorOp, math::CeilOp, math::RoundOp, math::RoundEvenOp, math::TruncOp>(op);
}

bool shouldCheck(Operation *op) {
  Dialect *dialect = op->getDialect();
  if (!dialect || !isa<arith::ArithDialect, math::MathDialect>(dialect))
    return false;
  if (op->getNumResults() != 1 || !isFloatLike(op->getResult(0).getType()))
    return false;
  // The body of a generic atomic must stay free of side effects.
  if (op->getParentOfType<memref::GenericAtomicRMWOp>())
    return false;
  return !cannotCreateNonFinite(op);
}

struct InstrumentNanPass : public kfix::impl::InstrumentNanBase<InstrumentNanPass> {
  using InstrumentNanBase::InstrumentNanBase;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    int64_t site = nextFreeSite(module);
    for (gpu::GPUFuncOp func : takeUnmarkedFuncs(module, kMarker)) {
      SmallVector<Operation *> ops;
      func.walk([&](Operation *op) {
        if (shouldCheck(op))
          ops.push_back(op);
      });
      for (Operation *op : ops) {
        instrument(op, site, site + 1);
        site += 2;
      }
    }
  }

  /// A scalar i1 that is true when any lane of `mask` is (or, with `all`,
  /// when every lane is).
  static Value reduce(OpBuilder &b, Location loc, Value mask, bool all) {
    if (!isa<VectorType>(mask.getType()))
      return mask;
    auto kind = all ? vector::CombiningKind::AND : vector::CombiningKind::OR;
    return vector::ReductionOp::create(b, loc, kind, mask);
  }

  /// Per-lane "x is finite": |x| < +inf is false for NaN and for +-Inf.
  static Value isFinite(OpBuilder &b, Location loc, Value x) {
    Value abs = math::AbsFOp::create(b, loc, x);
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, abs, infinity(b, loc, x));
  }

  static Value infinity(OpBuilder &b, Location loc, Value like) {
    Type type = like.getType();
    auto elem = cast<FloatType>(getElementTypeOrSelf(type));
    auto inf = b.getFloatAttr(elem, APFloat::getInf(elem.getFloatSemantics()));
    if (auto vec = dyn_cast<VectorType>(type))
      return arith::ConstantOp::create(b, loc, vec, DenseElementsAttr::get(vec, inf));
    return arith::ConstantOp::create(b, loc, elem, inf);
  }

  void instrument(Operation *op, int64_t nanSite, int64_t infSite) {
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    Location loc = op->getLoc();
    Value result = op->getResult(0);
    Value allFinite;
    for (Value operand : op->getOperands()) {
      if (!isFloatLike(operand.getType()))
        continue;
      Value fin = reduce(b, loc, isFinite(b, loc, operand), /*all=*/true);
      allFinite = allFinite ? arith::AndIOp::create(b, loc, allFinite, fin).getResult() : fin;
    }
    Value isNan =
        reduce(b, loc, arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, result, result),
               /*all=*/false);
    Value isInf = reduce(b, loc,
                         arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                               math::AbsFOp::create(b, loc, result),
                                               infinity(b, loc, result)),
                         /*all=*/false);
    Value trueVal = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
    // The check records a violation when its condition is false, so the
    // condition is "not (finite operands and non-finite result)".
    auto okWhen = [&](Value bad) -> Value {
      if (allFinite)
        bad = arith::AndIOp::create(b, loc, allFinite, bad);
      return arith::XOrIOp::create(b, loc, bad, trueVal);
    };
    CheckOp::create(b, loc, CheckKind::nan, okWhen(isNan), static_cast<uint64_t>(nanSite),
                    ValueRange{});
    CheckOp::create(b, loc, CheckKind::inf, okWhen(isInf), static_cast<uint64_t>(infSite),
                    ValueRange{});
    numChecks += 2;
  }
};

} // namespace
