//===- InstrumentBounds.cpp - check every memref access against its extent ===//
#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace kfix {
#define GEN_PASS_DEF_INSTRUMENTBOUNDS
#include "kfix/Transforms/InstrumentPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr llvm::StringLiteral kMarker = "kfix.instrumented.bounds";

/// The memref and indices an op accesses, and the number of elements it
/// touches along the innermost dimension (vector accesses touch several).
struct Access {
  Value memref;
  ValueRange indices;
  int64_t width = 1;
};

std::optional<Access> getAccess(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return Access{load.getMemref(), load.getIndices()};
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return Access{store.getMemref(), store.getIndices()};
  if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op))
    return Access{rmw.getMemref(), rmw.getIndices()};
  if (auto gen = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return Access{gen.getMemref(), gen.getIndices()};
  if (auto vl = dyn_cast<vector::LoadOp>(op))
    return Access{vl.getBase(), vl.getIndices(), vl.getVectorType().getShape().back()};
  if (auto vs = dyn_cast<vector::StoreOp>(op))
    return Access{vs.getBase(), vs.getIndices(), vs.getVectorType().getShape().back()};
  return std::nullopt;
}

struct InstrumentBoundsPass : public kfix::impl::InstrumentBoundsBase<InstrumentBoundsPass> {
  using InstrumentBoundsBase::InstrumentBoundsBase;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    int64_t site = nextFreeSite(module);
    for (gpu::GPUFuncOp func : takeUnmarkedFuncs(module, kMarker)) {
      SmallVector<Operation *> accesses;
      func.walk([&](Operation *op) {
        if (getAccess(op))
          accesses.push_back(op);
      });
      for (Operation *op : accesses)
        instrument(op, site++);
    }
  }

  void instrument(Operation *op, int64_t site) {
    Access acc = *getAccess(op);
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value inBounds;
    Value firstBadIdx, firstBadDim;
    auto rank = acc.indices.size();
    for (unsigned d = 0; d < rank; ++d) {
      Value idx = acc.indices[d];
      Value dim = memref::DimOp::create(b, loc, acc.memref, d);
      Value last = idx;
      if (d + 1 == rank && acc.width > 1)
        last = arith::AddIOp::create(b, loc, idx,
                                     arith::ConstantIndexOp::create(b, loc, acc.width - 1));
      // Unsigned compare: a negative index is a huge unsigned one.
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, last, dim);
      inBounds = inBounds ? arith::AndIOp::create(b, loc, inBounds, ok).getResult() : ok;
      if (d + 1 == rank) {
        firstBadIdx = last;
        firstBadDim = dim;
      }
    }
    if (!inBounds)
      return; // rank-0 access: always in bounds
    CheckOp::create(b, loc, CheckKind::bounds, inBounds, static_cast<uint64_t>(site),
                    ValueRange{firstBadIdx, firstBadDim});
    ++numChecks;
    if (!guard)
      return;
    // Move the access under `scf.if %inBounds`; loads yield zero otherwise.
    if (op->getNumResults() == 0) {
      auto ifOp = scf::IfOp::create(b, loc, inBounds, /*withElse=*/false);
      op->moveBefore(ifOp.thenBlock()->getTerminator());
      return;
    }
    Type type = op->getResult(0).getType();
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, inBounds, /*withElse=*/true);
    op->replaceAllUsesWith(ifOp.getResults());
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    op->moveBefore(thenB.getInsertionBlock(), thenB.getInsertionBlock()->end());
    thenB.setInsertionPointAfter(op);
    scf::YieldOp::create(thenB, loc, op->getResults());
    OpBuilder elseB = ifOp.getElseBodyBuilder();
    Value zero = arith::ConstantOp::create(elseB, loc, elseB.getZeroAttr(type));
    scf::YieldOp::create(elseB, loc, zero);
  }
};

} // namespace
