//===- InstrumentOverflow.cpp - find signed integer overflow --------------===//
//
// A C++ signed add, subtract or multiply that overflows is undefined; on the
// GPU it wraps, and the wrapped value is the classic 32-bit index bug
// (`rows[i] * ld` formed in int, then widened). Each such op the lifter
// marked `kfix.signed` is recomputed in 64 bits (exact for operands of at most
// 32 bits) and checked against its own result sign-extended.
//
//===----------------------------------------------------------------------===//
#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/IR/Builders.h"

namespace kfix {
#define GEN_PASS_DEF_INSTRUMENTOVERFLOW
#include "kfix/Transforms/InstrumentPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr llvm::StringLiteral kMarker = "kfix.instrumented.overflow";

bool shouldCheck(Operation *op) {
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op) || !op->hasAttr("kfix.signed"))
    return false;
  auto type = dyn_cast<IntegerType>(op->getResult(0).getType());
  // i1 is a flag; 64-bit products would need 128-bit arithmetic and are not
  // the bug this names.
  if (!type || type.getWidth() < 8 || type.getWidth() > 32)
    return false;
  // The body of a generic atomic must stay free of side effects.
  return !op->getParentOfType<memref::GenericAtomicRMWOp>();
}

struct InstrumentOverflowPass : public kfix::impl::InstrumentOverflowBase<InstrumentOverflowPass> {
  using InstrumentOverflowBase::InstrumentOverflowBase;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    int64_t site = nextFreeSite(module);
    for (gpu::GPUFuncOp func : takeUnmarkedFuncs(module, kMarker)) {
      SmallVector<Operation *> ops;
      func.walk([&](Operation *op) {
        if (shouldCheck(op))
          ops.push_back(op);
      });
      for (Operation *op : ops)
        instrument(op, site++);
    }
  }

  void instrument(Operation *op, int64_t site) {
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    Location loc = op->getLoc();
    Type i64 = b.getI64Type();
    Value lhs = arith::ExtSIOp::create(b, loc, i64, op->getOperand(0));
    Value rhs = arith::ExtSIOp::create(b, loc, i64, op->getOperand(1));
    Value wide;
    if (isa<arith::AddIOp>(op))
      wide = arith::AddIOp::create(b, loc, lhs, rhs);
    else if (isa<arith::SubIOp>(op))
      wide = arith::SubIOp::create(b, loc, lhs, rhs);
    else
      wide = arith::MulIOp::create(b, loc, lhs, rhs);
    Value narrow = arith::ExtSIOp::create(b, loc, i64, op->getResult(0));
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, wide, narrow);
    CheckOp::create(b, loc, CheckKind::overflow, ok, static_cast<uint64_t>(site),
                    ValueRange{lhs, rhs});
    ++numChecks;
  }
};

} // namespace
