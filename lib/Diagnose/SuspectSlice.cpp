//===- SuspectSlice.cpp - backward slices over a lifted kernel ------------===//
#include "SuspectSlice.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

Value suspects::memRoot(Value m) {
  for (unsigned steps = 0; steps < 8; ++steps) {
    Operation *def = m.getDefiningOp();
    if (!def)
      break;
    if (auto view = dyn_cast<memref::ViewOp>(def))
      m = view.getSource();
    else if (auto sub = dyn_cast<memref::SubViewOp>(def))
      m = sub.getSource();
    else if (auto cast = dyn_cast<memref::CastOp>(def))
      m = cast.getSource();
    else if (auto rc = dyn_cast<memref::ReinterpretCastOp>(def))
      m = rc.getSource();
    else
      break;
  }
  return m;
}

Value suspects::writtenMemref(Operation *op) {
  if (auto s = dyn_cast<memref::StoreOp>(op))
    return s.getMemref();
  if (auto s = dyn_cast<vector::StoreOp>(op))
    return s.getBase();
  if (auto s = dyn_cast<vector::MaskedStoreOp>(op))
    return s.getBase();
  if (auto a = dyn_cast<memref::AtomicRMWOp>(op))
    return a.getMemref();
  if (auto a = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return a.getMemref();
  return nullptr;
}

Value suspects::readMemref(Operation *op) {
  if (auto l = dyn_cast<memref::LoadOp>(op))
    return l.getMemref();
  if (auto l = dyn_cast<vector::LoadOp>(op))
    return l.getBase();
  if (auto l = dyn_cast<vector::MaskedLoadOp>(op))
    return l.getBase();
  if (auto a = dyn_cast<memref::AtomicRMWOp>(op))
    return a.getMemref();
  if (auto a = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return a.getMemref();
  return nullptr;
}

Value suspects::stripCasts(Value v) {
  for (unsigned steps = 0; steps < 8 && v; ++steps) {
    Operation *def = v.getDefiningOp();
    if (!isa_and_nonnull<arith::ExtFOp, arith::TruncFOp, arith::IndexCastOp, arith::IndexCastUIOp,
                         arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::BitcastOp>(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

MemoryUses::MemoryUses(gpu::GPUFuncOp func) {
  func.walk([&](Operation *op) {
    if (Value m = writtenMemref(op))
      writers[memRoot(m)].push_back(op);
    if (Value m = readMemref(op))
      readers[memRoot(m)].push_back(op);
  });
}

const std::vector<Operation *> &MemoryUses::writersOf(Value memref) const {
  static const std::vector<Operation *> none;
  auto it = writers.find(memRoot(memref));
  return it == writers.end() ? none : it->second;
}

const std::vector<Operation *> &MemoryUses::readersOf(Value memref) const {
  static const std::vector<Operation *> none;
  auto it = readers.find(memRoot(memref));
  return it == readers.end() ? none : it->second;
}

Value MemoryUses::singleStoredValue(Value memref) const {
  const auto &w = writersOf(memref);
  if (w.size() != 1)
    return nullptr;
  if (auto s = dyn_cast<memref::StoreOp>(w.front()))
    return s.getValueToStore();
  return nullptr;
}

void BackwardSlice::addSeed(Operation *op) {
  push(op, 0);
  while (!queue.empty()) {
    auto [cur, d] = queue.front();
    queue.pop_front();
    if (distance(cur) < d)
      continue;
    visit(cur, d);
  }
}

void BackwardSlice::push(Operation *op, unsigned d) {
  if (!op || isa<gpu::GPUFuncOp, gpu::GPUModuleOp, ModuleOp>(op))
    return;
  auto [it, inserted] = dist.try_emplace(op, d);
  if (!inserted) {
    if (it->second <= d)
      return;
    it->second = d;
  }
  queue.push_back({op, d});
}

void BackwardSlice::pushValue(Value v, unsigned d) {
  if (Operation *def = v.getDefiningOp()) {
    push(def, d);
    return;
  }
  // A block argument: a loop induction variable or loop-carried value; its
  // op (bounds, initial values) and the values yielded for it.
  auto arg = cast<BlockArgument>(v);
  push(arg.getOwner()->getParentOp(), d);
}

void BackwardSlice::visit(Operation *op, unsigned d) {
  for (Value v : op->getOperands())
    pushValue(v, d + 1);
  // A read depends on every write to the same buffer.
  if (Value m = readMemref(op))
    for (Operation *w : mem.writersOf(m))
      if (w != op)
        push(w, d + 1);
  // Region ops: the values their regions yield (results, loop-carried values,
  // a while loop's condition).
  if (isa<scf::IfOp, scf::ForOp, scf::WhileOp, scf::IndexSwitchOp, scf::ParallelOp>(op))
    for (Region &r : op->getRegions())
      for (Block &b : r)
        if (!b.empty())
          push(&b.back(), d + 1);
  if (isa<memref::GenericAtomicRMWOp>(op))
    op->walk([&](Operation *inner) {
      if (inner != op)
        push(inner, d + 1);
    });
  // Control: the enclosing if or loop decides whether (and how often) this runs.
  Operation *parent = op->getParentOp();
  if (parent && !isa<gpu::GPUFuncOp, memref::GenericAtomicRMWOp>(parent))
    push(parent, d + 1);
}

bool suspects::reachesForward(Value v, const MemoryUses &mem,
                              const std::function<bool(Operation *, unsigned)> &target,
                              const std::function<bool(Operation *)> &through, unsigned budget) {
  llvm::SmallVector<Value> work{v};
  llvm::DenseSet<Value> seen{v};
  while (!work.empty() && budget--) {
    Value cur = work.pop_back_val();
    for (OpOperand &use : cur.getUses()) {
      Operation *user = use.getOwner();
      if (target(user, use.getOperandNumber()))
        return true;
      auto follow = [&](Value next) {
        if (seen.insert(next).second)
          work.push_back(next);
      };
      if (auto store = dyn_cast<memref::StoreOp>(user)) {
        // Through a local variable: the loads of the same alloca.
        if (use.getOperandNumber() == 0 &&
            isa_and_nonnull<memref::AllocaOp>(memRoot(store.getMemref()).getDefiningOp()))
          for (Operation *reader : mem.readersOf(store.getMemref()))
            if (isa<memref::LoadOp>(reader))
              follow(reader->getResult(0));
        continue;
      }
      if (isa<scf::YieldOp>(user)) {
        if (Operation *parent = user->getParentOp(); parent && isa<scf::IfOp>(parent))
          if (use.getOperandNumber() < parent->getNumResults())
            follow(parent->getResult(use.getOperandNumber()));
        continue;
      }
      if (through(user))
        for (Value r : user->getResults())
          follow(r);
    }
  }
  return false;
}
