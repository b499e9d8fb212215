//===- InstrumentProbe.cpp - record the values computed at a source line --===//
#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/IR/Builders.h"

namespace kfix {
#define GEN_PASS_DEF_INSTRUMENTPROBE
#include "kfix/Transforms/InstrumentPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr llvm::StringLiteral kMarker = "kfix.instrumented.probe";

bool isProbeable(Type type) {
  if (auto ft = dyn_cast<FloatType>(type))
    return ft.getWidth() <= 64;
  if (auto it = dyn_cast<IntegerType>(type))
    return it.getWidth() <= 64;
  return type.isIndex();
}

/// The C++ variable name of a local (`kfix.var` on its alloca), or "".
StringRef varName(Value memref) {
  if (Operation *def = memref.getDefiningOp())
    if (auto name = def->getAttrOfType<StringAttr>("kfix.var"))
      return name.getValue();
  return "";
}

struct InstrumentProbePass : public kfix::impl::InstrumentProbeBase<InstrumentProbePass> {
  using InstrumentProbeBase::InstrumentProbeBase;

  bool matches(Location loc) {
    return llvm::any_of(locs, [&](const std::string &f) { return locMatches(loc, f); });
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    if (locs.empty() ||
        llvm::any_of(locs, [](const std::string &f) { return StringRef(f).trim().empty(); })) {
      module.emitError("kfix-instrument-probe needs loc=file:line[:col] (or line[:col])");
      return signalPassFailure();
    }
    int64_t site = nextFreeSite(module);
    bool any = false;
    for (gpu::GPUFuncOp func : takeUnmarkedFuncs(module, kMarker)) {
      SmallVector<Operation *> ops;
      func.walk([&](Operation *op) {
        if (!isa_and_nonnull<KFixDialect>(op->getDialect()) &&
            !op->getParentOfType<memref::GenericAtomicRMWOp>() && matches(op->getLoc()))
          ops.push_back(op);
      });
      for (Operation *op : ops)
        any |= instrument(op, site);
    }
    if (!any)
      module.emitWarning("kfix-instrument-probe: no value is computed at ")
          << llvm::join(locs, ", ");
  }

  bool instrument(Operation *op, int64_t &site) {
    bool inserted = false;
    StringAttr opName = op->getName().getIdentifier();
    auto probe = [&](OpBuilder &b, Value value, StringRef tag) {
      ProbeOp::create(b, op->getLoc(), value, b.getStringAttr(tag), b.getI64IntegerAttr(site++));
      ++numProbes;
      inserted = true;
    };
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (!isProbeable(store.getValueToStore().getType()))
        return false;
      OpBuilder b(op);
      StringRef var = varName(store.getMemref());
      probe(b, store.getValueToStore(),
            var.empty() ? std::string("store") : ("store " + var).str());
      return true;
    }
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    StringRef var;
    if (auto load = dyn_cast<memref::LoadOp>(op))
      var = varName(load.getMemref());
    for (OpResult result : op->getResults()) {
      if (!isProbeable(result.getType()))
        continue;
      std::string tag = var.empty() ? opName.str() : var.str();
      if (op->getNumResults() > 1)
        tag += "#" + std::to_string(result.getResultNumber());
      probe(b, result, tag);
    }
    return inserted;
  }
};

} // namespace
