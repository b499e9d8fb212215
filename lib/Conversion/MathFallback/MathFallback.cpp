//===- MathFallback.cpp - math ops without libdevice -----------------------===//
//
// convert-gpu-to-nvvm turns every math op it has no NVVM instruction for into
// a call to libdevice (`__nv_expf`, ...). Without libdevice to link, those
// calls stay unresolved and the module fails to load, so this pass rewrites
// them first: composite ops are expanded, f32 (and f16/bf16, through f32)
// transcendentals become MLIR's polynomial approximations, and what is left
// must be an op with an exact instruction, emitted as an LLVM intrinsic call.
//
//===----------------------------------------------------------------------===//
#include "kfix/Conversion/Passes.h"

#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace kfix {
#define GEN_PASS_DEF_MATHFALLBACK
#include "kfix/Conversion/Passes.h.inc"
} // namespace kfix

using namespace mlir;

namespace {

/// The LLVM intrinsic an exact math op maps to ("" if none). The NVPTX backend
/// selects these to correctly rounded or bit-exact instructions; going through
/// `llvm.call_intrinsic` keeps convert-gpu-to-nvvm from turning them into
/// libdevice calls.
StringRef exactIntrinsic(Operation *op) {
  return llvm::TypeSwitch<Operation *, StringRef>(op)
      .Case([](math::SqrtOp) { return "llvm.sqrt"; })
      .Case([](math::AbsFOp) { return "llvm.fabs"; })
      .Case([](math::FmaOp) { return "llvm.fma"; })
      .Case([](math::FloorOp) { return "llvm.floor"; })
      .Case([](math::CeilOp) { return "llvm.ceil"; })
      .Case([](math::TruncOp) { return "llvm.trunc"; })
      .Case([](math::RoundOp) { return "llvm.round"; })
      .Case([](math::RoundEvenOp) { return "llvm.roundeven"; })
      .Case([](math::CopySignOp) { return "llvm.copysign"; })
      .Case([](math::CtPopOp) { return "llvm.ctpop"; })
      .Case([](math::CountLeadingZerosOp) { return "llvm.ctlz"; })
      .Case([](math::CountTrailingZerosOp) { return "llvm.cttz"; })
      .Case([](math::AbsIOp) { return "llvm.abs"; })
      .Default([](Operation *) { return ""; });
}

/// Rewrites an exact op to its intrinsic (rsqrt as 1 / sqrt). False if `op`
/// has no exact lowering.
bool lowerExactly(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  if (auto rsqrt = dyn_cast<math::RsqrtOp>(op)) {
    Type t = rsqrt.getType();
    Value sqrt = LLVM::CallIntrinsicOp::create(b, loc, t, b.getStringAttr("llvm.sqrt"),
                                               ValueRange{rsqrt.getOperand()})
                     .getResult(0);
    Value one = arith::ConstantOp::create(b, loc, t, b.getFloatAttr(getElementTypeOrSelf(t), 1.0));
    if (auto vt = dyn_cast<VectorType>(t))
      one = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(vt, b.getFloatAttr(vt.getElementType(), 1.0)));
    rsqrt.replaceAllUsesWith(arith::DivFOp::create(b, loc, one, sqrt).getResult());
    rsqrt.erase();
    return true;
  }
  StringRef name = exactIntrinsic(op);
  if (name.empty())
    return false;
  SmallVector<Value> args(op->getOperands());
  // ctlz/cttz/abs take an `is_zero_poison` / `is_int_min_poison` flag: false.
  if (isa<math::CountLeadingZerosOp, math::CountTrailingZerosOp, math::AbsIOp>(op))
    args.push_back(arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0));
  Value r =
      LLVM::CallIntrinsicOp::create(b, loc, op->getResult(0).getType(), b.getStringAttr(name), args)
          .getResult(0);
  op->getResult(0).replaceAllUsesWith(r);
  op->erase();
  return true;
}

struct MathFallbackPass : public kfix::impl::MathFallbackBase<MathFallbackPass> {
  using MathFallbackBase::MathFallbackBase;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    // What math-expand-ops knows except rsqrt (kept as exact 1/sqrt below) and
    // tanh (the polynomial approximation is more accurate than 1 - 2/(e^2x+1):
    // 3 vs 23 ulp measured on an H200).
    math::populateExpansionPatterns(patterns, {"tan", "sinh", "cosh", "asinh", "acosh", "atanh",
                                               "fma", "ceil", "exp2", "powf", "fpowi", "round",
                                               "roundeven", "ctlz"});
    auto all = [](StringRef) { return true; };
    populateMathF32ExpansionPatterns(patterns, all);
    populateMathPolynomialApproximationPatterns(patterns, all);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();

    SmallVector<Operation *> left;
    getOperation().walk([&](Operation *op) {
      if (op->getDialect() == ctx->getLoadedDialect<math::MathDialect>())
        left.push_back(op);
    });
    bool bad = false;
    for (Operation *op : left) {
      if (isa<math::IsNaNOp, math::IsInfOp, math::IsFiniteOp>(op) || lowerExactly(op))
        continue;
      op->emitError() << "'" << op->getName() << "' on "
                      << (op->getNumResults() ? op->getResult(0).getType()
                                              : op->getOperand(0).getType())
                      << " needs libdevice: set CUDA_HOME or pass libdevice=<path to "
                         "libdevice.10.bc> to kfix-lower-to-nvvm";
      bad = true;
    }
    if (bad)
      signalPassFailure();
  }
};

} // namespace
