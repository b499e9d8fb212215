//===- InstrumentRaces.cpp - record accesses for race detection -----------===//
//
// Shared memory: every read, write and atomic is recorded (conflicts inside a
// barrier interval). Global memory: stores and atomics are recorded (elements
// written by several threads without atomics); loads only on request. With
// input-reads, only the loads of the buffers the kernel never writes (the read
// coverage of its inputs, lib/Diagnose/ReadCoverage.cpp).
//
//===----------------------------------------------------------------------===//
#include "AccessInfo.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "llvm/ADT/SmallPtrSet.h"

namespace kfix {
#define GEN_PASS_DEF_INSTRUMENTRACES
#include "kfix/Transforms/InstrumentPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;
using namespace kfix::instrument;

namespace {

constexpr llvm::StringLiteral kMarker = "kfix.instrumented.races";

struct InstrumentRacesPass : public kfix::impl::InstrumentRacesBase<InstrumentRacesPass> {
  using InstrumentRacesBase::InstrumentRacesBase;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    int64_t site = nextFreeSite(module);
    for (gpu::GPUFuncOp func : takeUnmarkedFuncs(module, kMarker)) {
      SmallVector<std::pair<Operation *, MemAccess>> todo;
      // With input-reads: the parameter buffers the kernel writes are no inputs.
      llvm::SmallPtrSet<Value, 8> written;
      if (inputReads)
        func.walk([&](Operation *op) {
          if (std::optional<MemAccess> acc = getMemAccess(op);
              acc && acc->kind != AccessKind::read &&
              classifyMemRef(acc->memref) == MemClass::Param)
            written.insert(acc->memref);
        });
      func.walk([&](Operation *op) {
        std::optional<MemAccess> acc = getMemAccess(op);
        if (!acc)
          return;
        MemClass cls = classifyMemRef(acc->memref);
        bool wanted = inputReads ? cls == MemClass::Param && acc->kind == AccessKind::read &&
                                       !written.contains(acc->memref)
                                 : cls == MemClass::Shared ||
                                       (cls == MemClass::Param &&
                                        (acc->kind != AccessKind::read || globalLoads));
        if (wanted)
          todo.push_back({op, *acc});
      });
      for (auto &[op, acc] : todo) {
        if (!recordAccess(op, acc, site))
          continue;
        ++site;
        if (classifyMemRef(acc.memref) == MemClass::Shared)
          ++numShared;
        else
          ++numGlobal;
      }
    }
  }
};

} // namespace
