//===- RepairGridStride.cpp - grid-stride loops step over the whole grid --===//
//
// `for (i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)`
// makes every block walk over the other blocks' elements.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRGRIDSTRIDE
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-grid-stride";

/// True when `v` is computed from gpu.block_id (through locals' stores).
bool usesBlockId(Value v, unsigned depth = 0) {
  if (depth > 12)
    return false;
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<gpu::BlockIdOp>(def))
    return true;
  if (auto var = loadedVar(v)) {
    for (memref::StoreOp st : storesTo(var))
      if (usesBlockId(st.getValue(), depth + 1))
        return true;
    return false;
  }
  if (def->getNumRegions())
    return false;
  return llvm::any_of(def->getOperands(), [&](Value o) { return usesBlockId(o, depth + 1); });
}

struct RepairGridStridePass : public kfix::impl::RepairGridStrideBase<RepairGridStridePass> {
  using RepairGridStrideBase::RepairGridStrideBase;

  void runOnOperation() override {
    getOperation().walk([&](scf::ForOp loop) {
      if (!locMatches(loop.getLoc(), loc) || !usesBlockId(loop.getLowerBound()))
        return;
      Value step = loop.getStep();
      std::optional<gpu::Dimension> dim = matchGpuId<gpu::BlockDimOp>(step);
      bool isBlockDim = dim.has_value();
      if (!dim)
        dim = matchGpuId<gpu::GridDimOp>(step);
      if (!dim)
        return;
      OpBuilder b(loop);
      Location l = loop.getLoc();
      Value other = isBlockDim ? gpu::GridDimOp::create(b, l, *dim).getResult()
                               : gpu::BlockDimOp::create(b, l, *dim).getResult();
      Value otherInt = arith::IndexCastUIOp::create(b, l, step.getType(), other);
      auto stride = arith::MulIOp::create(b, l, step, otherInt);
      markRepaired(stride, kPassArg);
      loop.getStepMutable().assign(stride);
      markRepaired(loop, kPassArg);
      ++numRewrites;
    });
  }
};

} // namespace
