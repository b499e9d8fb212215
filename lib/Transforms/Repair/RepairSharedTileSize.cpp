//===- RepairSharedTileSize.cpp - resize or pad a __shared__ array --------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRSHAREDTILESIZE
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-shared-tile-size";

struct RepairSharedTileSizePass
    : public kfix::impl::RepairSharedTileSizeBase<RepairSharedTileSizePass> {
  using RepairSharedTileSizeBase::RepairSharedTileSizeBase;

  void runOnOperation() override {
    // Without a name, the array accessed at `loc` (an access the diagnosis
    // found out of bounds) is the one to resize.
    bool byAccess = shared.empty() && !StringRef(loc).trim().empty();
    if ((shared.empty() && !byAccess) || (shape.empty() == (pad == 0))) {
      getOperation().emitError()
          << kPassArg << ": needs shared=<name> (or loc=<an access>) and one of shape= or pad=";
      return signalPassFailure();
    }
    SmallVector<int64_t> newShape;
    if (!shape.empty()) {
      SmallVector<StringRef> dims;
      StringRef(shape).split(dims, 'x');
      for (StringRef d : dims) {
        int64_t v;
        if (d.getAsInteger(10, v) || v <= 0) {
          getOperation().emitError() << kPassArg << ": bad shape '" << shape << "'";
          return signalPassFailure();
        }
        newShape.push_back(v);
      }
    }
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      auto names = func->getAttrOfType<ArrayAttr>("kfix.shared_names");
      if (!names || (!byAccess && !locMatches(func.getLoc(), loc)))
        continue;
      for (auto [i, attribution] : llvm::enumerate(func.getWorkgroupAttributions())) {
        BlockArgument arg = attribution;
        auto name = i < names.size() ? dyn_cast<StringAttr>(names[i]) : StringAttr();
        if (byAccess ? llvm::none_of(arg.getUsers(),
                                     [&](Operation *u) { return locMatches(u->getLoc(), loc); })
                     : (!name || name.getValue() != shared))
          continue;
        StringRef what = name ? name.getValue() : StringRef("?");
        auto type = cast<MemRefType>(arg.getType());
        SmallVector<int64_t> dims = newShape;
        if (dims.empty()) {
          dims.assign(type.getShape().begin(), type.getShape().end());
          dims.back() += pad;
        }
        if (dims.size() != static_cast<size_t>(type.getRank()) || dims.back() <= 0) {
          func.emitError() << kPassArg << ": new shape of '" << what << "' must keep its rank "
                           << type.getRank();
          return signalPassFailure();
        }
        for (Operation *user : arg.getUsers())
          if (!isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp, vector::LoadOp,
                   vector::StoreOp>(user)) {
            user->emitWarning() << kPassArg << ": '" << what
                                << "' has a use that fixes its type; not resized";
            return;
          }
        arg.setType(
            MemRefType::get(dims, type.getElementType(), type.getLayout(), type.getMemorySpace()));
        markRepaired(func, kPassArg);
        ++numRewrites;
      }
    }
  }
};

} // namespace
