//===- RepairGridStride.cpp - grid-stride loops step over the whole grid --===//
//
// `for (i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)`
// makes every block walk over the other blocks' elements. The step must match
// the start's unit: the grid's threads from the global thread index
// (blockDim * gridDim), the block's threads from threadIdx (blockDim), the
// grid's blocks from blockIdx (gridDim).
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

/// True when `v` is computed from a gpu op of type `IdOp` (through locals' stores).
template <typename IdOp> bool usesGpuOp(Value v, unsigned depth = 0) {
  if (depth > 12)
    return false;
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<IdOp>(def))
    return true;
  if (auto var = loadedVar(v)) {
    for (memref::StoreOp st : storesTo(var))
      if (usesGpuOp<IdOp>(st.getValue(), depth + 1))
        return true;
    return false;
  }
  if (def->getNumRegions())
    return false;
  return llvm::any_of(def->getOperands(), [&](Value o) { return usesGpuOp<IdOp>(o, depth + 1); });
}

struct RepairGridStridePass : public kfix::impl::RepairGridStrideBase<RepairGridStridePass> {
  using RepairGridStrideBase::RepairGridStrideBase;

  void runOnOperation() override {
    getOperation().walk([&](scf::ForOp loop) {
      if (!locMatches(loop.getLoc(), loc))
        return;
      Value lb = loop.getLowerBound();
      bool fromBlock = usesGpuOp<gpu::BlockIdOp>(lb);
      bool fromThread = usesGpuOp<gpu::ThreadIdOp>(lb);
      if (!fromBlock && !fromThread)
        return;
      Value step = loop.getStep();
      std::optional<gpu::Dimension> dim = matchGpuId<gpu::BlockDimOp>(step);
      bool isBlockDim = dim.has_value();
      if (!dim)
        dim = matchGpuId<gpu::GridDimOp>(step);
      // A constant block size (`i += BLOCK` from the global index): times
      // gridDim.x.
      if (!dim && fromBlock && fromThread && getConstInt(step) && *getConstInt(step) > 1)
        dim = gpu::Dimension::x, isBlockDim = true;
      if (!dim)
        return;
      // From the global thread index the step is the whole grid's extent; over
      // the threads of a block (from threadIdx) the block's, not the grid's;
      // over the blocks (from blockIdx) the grid's, not the block's.
      bool global = fromBlock && fromThread;
      if (!global && fromThread == isBlockDim)
        return;
      OpBuilder b(loop);
      Location l = loop.getLoc();
      Value other = isBlockDim ? gpu::GridDimOp::create(b, l, *dim).getResult()
                               : gpu::BlockDimOp::create(b, l, *dim).getResult();
      Value stride = arith::IndexCastUIOp::create(b, l, step.getType(), other);
      if (global)
        stride = arith::MulIOp::create(b, l, step, stride);
      markRepaired(stride.getDefiningOp(), kPassArg);
      loop.getStepMutable().assign(stride);
      markRepaired(loop, kPassArg);
      ++numRewrites;
    });
  }
};

} // namespace
