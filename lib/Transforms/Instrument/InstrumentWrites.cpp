//===- InstrumentWrites.cpp - record stores to kernel-parameter buffers ---===//
#include "AccessInfo.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

namespace kfix {
#define GEN_PASS_DEF_INSTRUMENTWRITES
#include "kfix/Transforms/InstrumentPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;
using namespace kfix::instrument;

namespace {

constexpr llvm::StringLiteral kMarker = "kfix.instrumented.writes";

struct InstrumentWritesPass : public kfix::impl::InstrumentWritesBase<InstrumentWritesPass> {
  using InstrumentWritesBase::InstrumentWritesBase;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    int64_t site = nextFreeSite(module);
    for (gpu::GPUFuncOp func : takeUnmarkedFuncs(module, kMarker)) {
      SmallVector<std::pair<Operation *, MemAccess>> todo;
      func.walk([&](Operation *op) {
        std::optional<MemAccess> acc = getMemAccess(op);
        if (acc && acc->kind != AccessKind::read && classifyMemRef(acc->memref) == MemClass::Param)
          todo.push_back({op, *acc});
      });
      // A store that kfix-instrument-races already recorded keeps its record:
      // two records of one store would count as two writes.
      for (auto &[op, acc] : todo)
        if (recordAccess(op, acc, site)) {
          ++site;
          ++numRecords;
        }
    }
  }
};

} // namespace
