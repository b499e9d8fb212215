//===- LowerSegmentedShuffles.cpp - CUDA's segmented warp shuffles --------===//
//
// `__shfl_down_sync(mask, v, d, 8)` shuffles within each group of 8 lanes;
// upstream's gpu.shuffle → nvvm.shfl.sync lowering treats a width below 32 as
// "the first `width` lanes only". Shuffles whose width is not the constant 32
// become nvvm.shfl.sync here with the operands CUDA's own headers pass.
//
//===----------------------------------------------------------------------===//
#include "kfix/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace kfix {
#define GEN_PASS_DEF_LOWERSEGMENTEDSHUFFLES
#include "kfix/Conversion/Passes.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

NVVM::ShflKind kindOf(gpu::ShuffleMode mode) {
  switch (mode) {
  case gpu::ShuffleMode::XOR:
    return NVVM::ShflKind::bfly;
  case gpu::ShuffleMode::UP:
    return NVVM::ShflKind::up;
  case gpu::ShuffleMode::DOWN:
    return NVVM::ShflKind::down;
  case gpu::ShuffleMode::IDX:
    return NVVM::ShflKind::idx;
  }
  llvm_unreachable("unknown shuffle mode");
}

struct LowerSegmentedShuffles
    : public kfix::impl::LowerSegmentedShufflesBase<LowerSegmentedShuffles> {
  void runOnOperation() override {
    SmallVector<gpu::ShuffleOp> shuffles;
    getOperation().walk([&](gpu::ShuffleOp op) {
      APInt w;
      if (matchPattern(op.getWidth(), m_ConstantInt(&w)) && w == 32)
        return;
      shuffles.push_back(op);
    });
    for (gpu::ShuffleOp op : shuffles) {
      if (failed(lower(op)))
        return signalPassFailure();
      ++numLowered;
    }
  }

  LogicalResult lower(gpu::ShuffleOp op) {
    Type t = op.getValue().getType();
    if (!t.isF32() && !t.isInteger(32))
      return op.emitError("a segmented shuffle of ") << t << " (only 32-bit values)";
    OpBuilder b(op);
    Location loc = op.getLoc();
    Type i32 = b.getI32Type();
    auto c32 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, i32, v); };
    int64_t maskBits = -1;
    if (auto m = op->getAttrOfType<IntegerAttr>("kfix.mask"))
      maskBits = static_cast<int32_t>(m.getInt());
    Value mask = c32(maskBits);
    // c = ((32 - width) << 8) | clamp: the segment mask, then the lane clamp.
    Value seg = arith::ShLIOp::create(b, loc, arith::SubIOp::create(b, loc, c32(32), op.getWidth()),
                                      c32(8));
    int64_t clamp = op.getMode() == gpu::ShuffleMode::UP ? 0 : 31;
    Value c = arith::OrIOp::create(b, loc, seg, c32(clamp));
    bool wantValid = !op.getValid().use_empty();
    Type resTy = t;
    if (wantValid)
      resTy = LLVM::LLVMStructType::getLiteral(b.getContext(), {t, b.getI1Type()});
    auto shfl =
        NVVM::ShflOp::create(b, loc, resTy, mask, op.getValue(), op.getOffset(), c,
                             kindOf(op.getMode()), wantValid ? b.getUnitAttr() : UnitAttr());
    Value value = shfl.getResult();
    if (wantValid) {
      Value v = LLVM::ExtractValueOp::create(b, loc, value, 0);
      Value ok = LLVM::ExtractValueOp::create(b, loc, value, 1);
      op.getShuffleResult().replaceAllUsesWith(v);
      op.getValid().replaceAllUsesWith(ok);
    } else {
      op.getShuffleResult().replaceAllUsesWith(value);
    }
    op->erase();
    return success();
  }
};

} // namespace
