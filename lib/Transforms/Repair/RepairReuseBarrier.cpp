//===- RepairReuseBarrier.cpp - barrier between reads and reuse of shared memory ===//
//
// Inserts gpu.barrier (`__syncthreads()`) between the last reads of a shared buffer and its reuse
// (the next writes), where no barrier separates them; see BarrierHazards.h for the analysis.
//
//===----------------------------------------------------------------------===//
#include "BarrierHazards.h"
#include "kfix/Transforms/Passes.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRREUSEBARRIER
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

struct RepairReuseBarrierPass : public kfix::impl::RepairReuseBarrierBase<RepairReuseBarrierPass> {
  using RepairReuseBarrierBase::RepairReuseBarrierBase;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      numRewrites +=
          separateHazards(func, HazardKind::WriteAfterRead, loc, "kfix-repair-reuse-barrier");
  }
};

} // namespace
