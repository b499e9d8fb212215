//===- RepairMissingBarrier.cpp - barrier between write and read of shared memory ===//
//
// Inserts gpu.barrier (`__syncthreads()`) between a shared-memory write and a read of it by other
// threads, where no barrier separates them; see BarrierHazards.h for the analysis.
//
//===----------------------------------------------------------------------===//
#include "BarrierHazards.h"
#include "kfix/Transforms/Passes.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRMISSINGBARRIER
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

struct RepairMissingBarrierPass
    : public kfix::impl::RepairMissingBarrierBase<RepairMissingBarrierPass> {
  using RepairMissingBarrierBase::RepairMissingBarrierBase;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      numRewrites +=
          separateHazards(func, HazardKind::ReadAfterWrite, loc, "kfix-repair-missing-barrier");
  }
};

} // namespace
