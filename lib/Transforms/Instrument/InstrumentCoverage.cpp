//===- InstrumentCoverage.cpp - count branch sides and loop trips ---------===//
#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/IR/Builders.h"

namespace kfix {
#define GEN_PASS_DEF_INSTRUMENTCOVERAGE
#include "kfix/Transforms/InstrumentPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr llvm::StringLiteral kMarker = "kfix.instrumented.coverage";

/// The `scf.if %ok` that kfix-instrument-bounds{guard=true} wraps around an
/// access right after `kfix.check bounds %ok`: instrumentation, not source.
bool isBoundsGuard(scf::IfOp ifOp) {
  auto check = dyn_cast_or_null<CheckOp>(ifOp->getPrevNode());
  return check && check.getKind() == CheckKind::bounds && check.getCond() == ifOp.getCondition();
}

struct InstrumentCoveragePass : public kfix::impl::InstrumentCoverageBase<InstrumentCoveragePass> {
  using InstrumentCoverageBase::InstrumentCoverageBase;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    int64_t site = nextFreeSite(module);
    for (gpu::GPUFuncOp func : takeUnmarkedFuncs(module, kMarker)) {
      SmallVector<Operation *> ops;
      // Pre-order so that sites follow the source order of the constructs.
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        // The body of a generic atomic must stay free of side effects.
        if (isa<memref::GenericAtomicRMWOp>(op))
          return WalkResult::skip();
        if (isa<scf::ForOp, scf::WhileOp>(op))
          ops.push_back(op);
        else if (auto ifOp = dyn_cast<scf::IfOp>(op); ifOp && !isBoundsGuard(ifOp))
          ops.push_back(op);
        return WalkResult::advance();
      });
      for (Operation *op : ops) {
        if (auto ifOp = dyn_cast<scf::IfOp>(op))
          instrumentIf(ifOp, site++);
        else
          instrumentLoop(op, site++);
      }
    }
  }

  static void countAtTop(Block &block, Location loc, int64_t site, int64_t counter) {
    auto b = OpBuilder::atBlockBegin(&block);
    CountOp::create(b, loc, static_cast<uint64_t>(site), static_cast<uint64_t>(counter));
  }

  void instrumentIf(scf::IfOp ifOp, int64_t site) {
    Location loc = ifOp.getLoc();
    if (ifOp.getElseRegion().empty()) {
      // Only result-less ifs lack an else-side; give it an empty one.
      Block *block = new Block();
      ifOp.getElseRegion().push_back(block);
      auto b = OpBuilder::atBlockEnd(block);
      scf::YieldOp::create(b, loc);
    }
    countAtTop(ifOp.getThenRegion().front(), loc, site, 0);
    countAtTop(ifOp.getElseRegion().front(), loc, site, 1);
    ++numBranches;
  }

  void instrumentLoop(Operation *loop, int64_t site) {
    Location loc = loop->getLoc();
    Block *body = nullptr;
    if (auto forOp = dyn_cast<scf::ForOp>(loop))
      body = forOp.getBody();
    else
      body = &cast<scf::WhileOp>(loop).getAfter().front();
    countAtTop(*body, loc, site, 0);
    OpBuilder b(loop);
    CountOp::create(b, loc, static_cast<uint64_t>(site), 1);
    ++numLoops;
  }
};

} // namespace
