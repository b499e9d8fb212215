//===- RepairUtils.cpp - matchers shared by the repair passes -------------===//
#include "RepairUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

void kfix::markRepaired(Operation *op, StringRef passArg) {
  op->setAttr("kfix.repaired", StringAttr::get(op->getContext(), passArg));
}

static int64_t argIndexByName(gpu::GPUFuncOp func, StringRef name) {
  auto names = func->getAttrOfType<ArrayAttr>("kfix.arg_names");
  if (!names)
    return -1;
  for (auto [i, attr] : llvm::enumerate(names))
    if (auto s = dyn_cast<StringAttr>(attr); s && s.getValue() == name)
      return i;
  return -1;
}

Value kfix::getArgByName(gpu::GPUFuncOp func, StringRef name) {
  int64_t i = argIndexByName(func, name);
  if (i < 0 || i >= static_cast<int64_t>(func.getNumArguments()))
    return {};
  return func.getArgument(i);
}

static StringRef arrayString(gpu::GPUFuncOp func, StringRef attrName, BlockArgument arg) {
  auto arr = func->getAttrOfType<ArrayAttr>(attrName);
  if (!arr || arg.getOwner() != &func.getBody().front() || arg.getArgNumber() >= arr.size() ||
      arg.getArgNumber() >= func.getNumArguments())
    return "";
  if (auto s = dyn_cast<StringAttr>(arr[arg.getArgNumber()]))
    return s.getValue();
  return "";
}

StringRef kfix::getArgName(gpu::GPUFuncOp func, BlockArgument arg) {
  return arrayString(func, "kfix.arg_names", arg);
}
StringRef kfix::getArgCType(gpu::GPUFuncOp func, BlockArgument arg) {
  return arrayString(func, "kfix.arg_ctypes", arg);
}

bool kfix::isUnsignedCType(StringRef ctype) {
  return ctype.contains("unsigned") || ctype.contains("size_t") || ctype.contains("uint");
}

bool kfix::isSharedMemref(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
}

bool kfix::isGlobalMemref(Value memref) {
  auto arg = dyn_cast<BlockArgument>(memref);
  if (!arg || !isa<MemRefType>(arg.getType()) || isSharedMemref(memref))
    return false;
  auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  return func && arg.getArgNumber() < func.getNumArguments();
}

memref::AllocaOp kfix::getVarAlloca(Value memref) {
  auto alloca = memref.getDefiningOp<memref::AllocaOp>();
  if (!alloca || alloca.getType().getRank() != 0)
    return {};
  return alloca;
}

memref::AllocaOp kfix::loadedVar(Value v) {
  if (auto load = v.getDefiningOp<memref::LoadOp>())
    return getVarAlloca(load.getMemref());
  return {};
}

SmallVector<memref::StoreOp> kfix::storesTo(memref::AllocaOp var) {
  SmallVector<memref::StoreOp> stores;
  for (Operation *user : var->getUsers())
    if (auto store = dyn_cast<memref::StoreOp>(user))
      if (store.getMemref() == var.getResult())
        stores.push_back(store);
  return stores;
}

Value kfix::stripCasts(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
             arith::TruncIOp>(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

Value kfix::cIndex(Value idx) {
  if (Operation *def = idx.getDefiningOp())
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def))
      return def->getOperand(0);
  return idx;
}

std::optional<kfix::MemAccess> kfix::getMemAccess(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return MemAccess{load.getMemref(), load.getIndices(), false, true};
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return MemAccess{store.getMemref(), store.getIndices(), true, false};
  if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op))
    return MemAccess{rmw.getMemref(), rmw.getIndices(), true, true};
  if (auto gen = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return MemAccess{gen.getMemref(), gen.getIndices(), true, true};
  if (auto vl = dyn_cast<vector::LoadOp>(op))
    return MemAccess{vl.getBase(), vl.getIndices(), false, true};
  if (auto vs = dyn_cast<vector::StoreOp>(op))
    return MemAccess{vs.getBase(), vs.getIndices(), true, false};
  return std::nullopt;
}

namespace {
/// Thread-dependence with a memo; values under evaluation count as uniform so
/// that loops through locals terminate (an optimistic fixpoint).
struct DependenceQuery {
  llvm::DenseMap<Value, bool> memo;
  llvm::DenseMap<Operation *, bool> divergentMemo;

  bool divergentRegion(Operation *op) {
    for (Operation *p = op->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp()) {
      if (auto ifOp = dyn_cast<scf::IfOp>(p)) {
        if (dependent(ifOp.getCondition()))
          return true;
      } else if (auto forOp = dyn_cast<scf::ForOp>(p)) {
        if (dependent(forOp.getLowerBound()) || dependent(forOp.getUpperBound()) ||
            dependent(forOp.getStep()))
          return true;
      } else if (auto whileOp = dyn_cast<scf::WhileOp>(p)) {
        if (dependent(whileOp.getConditionOp().getCondition()))
          return true;
      }
    }
    return false;
  }

  bool divergent(Operation *op) {
    auto it = divergentMemo.find(op);
    if (it != divergentMemo.end())
      return it->second;
    divergentMemo[op] = false;
    bool r = divergentRegion(op);
    divergentMemo[op] = r;
    return r;
  }

  bool anyStoreDependent(Value memref) {
    for (Operation *user : memref.getUsers()) {
      auto acc = kfix::getMemAccess(user);
      if (!acc || !acc->isWrite || acc->memref != memref)
        continue;
      if (divergent(user))
        return true;
      for (Value operand : user->getOperands())
        if (operand != memref && dependent(operand))
          return true;
    }
    return false;
  }

  bool compute(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *parent = arg.getOwner()->getParentOp();
      if (isa<gpu::GPUFuncOp>(parent))
        return false;
      if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
        if (arg == forOp.getInductionVar())
          return dependent(forOp.getLowerBound()) || dependent(forOp.getUpperBound()) ||
                 dependent(forOp.getStep());
      }
      // Other region arguments: dependent when anything feeding the op is.
      for (Value operand : parent->getOperands())
        if (dependent(operand))
          return true;
      return false;
    }
    Operation *def = v.getDefiningOp();
    if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::ShuffleOp, memref::AtomicRMWOp,
            memref::GenericAtomicRMWOp>(def))
      return true;
    if (auto load = dyn_cast<memref::LoadOp>(def)) {
      for (Value idx : load.getIndices())
        if (dependent(idx))
          return true;
      // Thread-private memory holds what the thread stored.
      if (load.getMemref().getDefiningOp<memref::AllocaOp>())
        return anyStoreDependent(load.getMemref());
      return false;
    }
    if (isa<scf::IfOp, scf::ForOp, scf::WhileOp>(def)) {
      bool r = false;
      for (Value operand : def->getOperands())
        r |= dependent(operand);
      def->walk([&](Operation *inner) {
        if (inner->hasTrait<OpTrait::IsTerminator>())
          for (Value operand : inner->getOperands())
            r |= dependent(operand);
      });
      return r;
    }
    for (Value operand : def->getOperands())
      if (dependent(operand))
        return true;
    return false;
  }

  bool dependent(Value v) {
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    memo[v] = false;
    bool r = compute(v);
    memo[v] = r;
    return r;
  }
};
} // namespace

bool kfix::isThreadDependent(Value v) { return DependenceQuery().dependent(v); }

bool kfix::isInDivergentCode(Operation *op) { return DependenceQuery().divergent(op); }

bool kfix::sameExpr(Value a, Value b, unsigned depth) {
  if (a == b)
    return true;
  if (depth > 8 || a.getType() != b.getType())
    return false;
  if (auto va = loadedVar(a))
    return va == loadedVar(b);
  if (auto ca = getConstInt(a))
    return ca == getConstInt(b);
  Operation *da = a.getDefiningOp(), *db = b.getDefiningOp();
  if (!da || !db || da->getName() != db->getName() ||
      da->getAttrDictionary() != db->getAttrDictionary() ||
      da->getNumOperands() != db->getNumOperands() || da->getNumRegions() ||
      !isMemoryEffectFree(da) ||
      cast<OpResult>(a).getResultNumber() != cast<OpResult>(b).getResultNumber())
    return false;
  for (auto [x, y] : llvm::zip(da->getOperands(), db->getOperands()))
    if (!sameExpr(x, y, depth + 1))
      return false;
  return true;
}

Operation *kfix::ancestorIn(Block *block, Operation *op) {
  return block->findAncestorOpInBlock(*op);
}

Block *kfix::commonBlock(Operation *a, Operation *b) {
  llvm::SmallPtrSet<Block *, 8> blocks;
  for (Operation *p = a; p; p = p->getParentOp())
    blocks.insert(p->getBlock());
  for (Operation *p = b; p; p = p->getParentOp())
    if (blocks.contains(p->getBlock()))
      return p->getBlock();
  return nullptr;
}

std::optional<int64_t> kfix::getConstInt(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getValue().getSExtValue();
  return std::nullopt;
}

bool kfix::constantSecondOperand(Operation *o) {
  if (!isa<arith::DivSIOp, arith::DivUIOp, arith::DivFOp, arith::CeilDivSIOp, arith::FloorDivSIOp,
           arith::RemSIOp, arith::RemUIOp, arith::RemFOp, arith::ShLIOp, arith::ShRSIOp,
           arith::ShRUIOp, math::PowFOp>(o))
    return false;
  Value c = o->getOperand(1);
  return getConstInt(c) || getConstFloat(c);
}

std::optional<double> kfix::getConstFloat(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    if (auto f = dyn_cast<FloatAttr>(c.getValue()))
      return f.getValueAsDouble();
  return std::nullopt;
}

std::optional<gpu::Dimension> kfix::parseLaunchDim(StringRef s) {
  if (s == "x")
    return gpu::Dimension::x;
  if (s == "y")
    return gpu::Dimension::y;
  if (s == "z")
    return gpu::Dimension::z;
  return std::nullopt;
}

gpu::Dimension kfix::launchCoordDim(Operation *coord) {
  if (auto o = dyn_cast<gpu::ThreadIdOp>(coord))
    return o.getDimension();
  if (auto o = dyn_cast<gpu::BlockIdOp>(coord))
    return o.getDimension();
  if (auto o = dyn_cast<gpu::BlockDimOp>(coord))
    return o.getDimension();
  return cast<gpu::GridDimOp>(coord).getDimension();
}

Operation *kfix::createLaunchCoord(OpBuilder &b, Operation *coord, gpu::Dimension d,
                                   llvm::StringRef passArg) {
  Operation *fresh;
  if (isa<gpu::ThreadIdOp>(coord))
    fresh = gpu::ThreadIdOp::create(b, coord->getLoc(), d);
  else if (isa<gpu::BlockIdOp>(coord))
    fresh = gpu::BlockIdOp::create(b, coord->getLoc(), d);
  else if (isa<gpu::BlockDimOp>(coord))
    fresh = gpu::BlockDimOp::create(b, coord->getLoc(), d);
  else
    fresh = gpu::GridDimOp::create(b, coord->getLoc(), d);
  markRepaired(fresh, passArg);
  return fresh;
}
