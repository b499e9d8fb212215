//===- AccessInfo.cpp - memory accesses seen by the instrumentation passes ===//
#include "AccessInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::instrument;

std::optional<MemAccess> instrument::getMemAccess(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return MemAccess{load.getMemref(), load.getIndices(), 1, AccessKind::read};
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return MemAccess{store.getMemref(), store.getIndices(), 1, AccessKind::write};
  if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op))
    return MemAccess{rmw.getMemref(), rmw.getIndices(), 1, AccessKind::atomic};
  if (auto gen = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return MemAccess{gen.getMemref(), gen.getIndices(), 1, AccessKind::atomic};
  if (auto vl = dyn_cast<vector::LoadOp>(op))
    return MemAccess{vl.getBase(), vl.getIndices(), vl.getVectorType().getShape().back(),
                     AccessKind::read};
  if (auto vs = dyn_cast<vector::StoreOp>(op))
    return MemAccess{vs.getBase(), vs.getIndices(), vs.getVectorType().getShape().back(),
                     AccessKind::write};
  return std::nullopt;
}

static bool isWorkgroup(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  if (auto intSpace = dyn_cast_or_null<IntegerAttr>(space))
    return intSpace.getInt() == 3; // NVVM's shared address space
  return false;
}

MemClass instrument::classifyMemRef(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type)
    return MemClass::Other;
  if (isWorkgroup(type))
    return MemClass::Shared;
  if (auto arg = dyn_cast<BlockArgument>(memref)) {
    auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
    if (func && arg.getOwner()->isEntryBlock()) {
      if (arg.getArgNumber() < func.getFunctionType().getNumInputs())
        return MemClass::Param;
      return MemClass::Private; // private attributions
    }
    return MemClass::Other;
  }
  Operation *def = memref.getDefiningOp();
  if (isa_and_nonnull<memref::AllocaOp, memref::AllocOp>(def))
    return MemClass::Private;
  return MemClass::Other;
}

/// True when the kfix.access ops right before `op` already record lane 0 of
/// `acc` with the same kind.
static bool alreadyRecorded(Operation *op, const MemAccess &acc) {
  // Other instrumentation (bounds checks and their index arithmetic) may sit
  // between the records and the access: look past pure ops and kfix checks.
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (isPure(prev) || isa<CheckOp>(prev))
      continue;
    auto rec = dyn_cast<AccessOp>(prev);
    if (!rec)
      return false;
    if (rec.getKind() == acc.kind && rec.getMemref() == acc.memref &&
        llvm::equal(rec.getIndices(), acc.indices))
      return true;
  }
  return false;
}

bool instrument::recordAccess(Operation *op, const MemAccess &acc, int64_t site) {
  if (alreadyRecorded(op, acc))
    return false;
  OpBuilder b(op);
  Location loc = op->getLoc();
  SmallVector<SmallVector<Value>> lanes;
  lanes.emplace_back(acc.indices.begin(), acc.indices.end());
  // Vector lanes: the innermost index plus 1, 2, ...; computed first so that
  // the records stay contiguous (after the lane indices).
  for (int64_t lane = 1; lane < acc.width && !acc.indices.empty(); ++lane) {
    SmallVector<Value> idx(acc.indices.begin(), acc.indices.end());
    Value offset = arith::ConstantIndexOp::create(b, loc, lane);
    idx.back() = arith::AddIOp::create(b, loc, idx.back(), offset);
    lanes.push_back(std::move(idx));
  }
  for (ArrayRef<Value> idx : lanes)
    AccessOp::create(b, loc, acc.kind, acc.memref, idx, static_cast<uint64_t>(site));
  return true;
}
