//===- RepairUninitShared.cpp - initialize __shared__ accumulators --------===//
//
// `__shared__ float acc; ... atomicAdd(&acc, v);` with no `acc = 0` first:
// shared memory starts with garbage. The repair stores the identity of the
// accumulation (by thread 0 for a scalar, block-strided over the flattened
// thread index for an array) and then synchronizes, before the first use of
// the buffer, in the kernel's entry block (never in divergent code).
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRUNINITSHARED
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-uninit-shared";
using K = arith::AtomicRMWKind;

std::optional<K> combineKind(Operation *op) {
  if (!op)
    return std::nullopt;
  if (isa<arith::AddFOp>(op))
    return K::addf;
  if (isa<arith::AddIOp>(op))
    return K::addi;
  if (isa<arith::MulFOp>(op))
    return K::mulf;
  if (isa<arith::MulIOp>(op))
    return K::muli;
  if (isa<arith::MaxNumFOp>(op))
    return K::maxnumf;
  if (isa<arith::MinNumFOp>(op))
    return K::minnumf;
  if (isa<arith::MaximumFOp>(op))
    return K::maximumf;
  if (isa<arith::MinimumFOp>(op))
    return K::minimumf;
  if (isa<arith::MaxSIOp>(op))
    return K::maxs;
  if (isa<arith::MinSIOp>(op))
    return K::mins;
  if (isa<arith::MaxUIOp>(op))
    return K::maxu;
  if (isa<arith::MinUIOp>(op))
    return K::minu;
  return std::nullopt;
}

/// The shared C name of workgroup attribution `buf`, or "".
StringRef sharedName(gpu::GPUFuncOp func, Value buf) {
  auto names = func->getAttrOfType<ArrayAttr>("kfix.shared_names");
  auto attrs = func.getWorkgroupAttributions();
  for (auto [i, a] : llvm::enumerate(attrs))
    if (a == buf && names && i < names.size())
      if (auto s = dyn_cast<StringAttr>(names[i]))
        return s.getValue();
  return "";
}

/// How `op` updates `buf`: the kind of an accumulation (`atomic_rmw`, or a
/// store of `combine(load buf[i], x)` at the same `i`), std::nullopt for a
/// plain write, and no entry for a read.
enum class Use { Read, Plain, Accumulate };
Use classify(Operation *op, Value buf, std::optional<K> &kind) {
  if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op)) {
    kind = rmw.getKind();
    return Use::Accumulate;
  }
  if (isa<memref::GenericAtomicRMWOp>(op))
    return Use::Plain;
  auto st = dyn_cast<memref::StoreOp>(op);
  if (!st)
    return Use::Read;
  Operation *comb = st.getValue().getDefiningOp();
  std::optional<K> k = combineKind(comb);
  if (!k)
    return Use::Plain;
  for (Value o : comb->getOperands()) {
    auto ld = o.getDefiningOp<memref::LoadOp>();
    if (!ld || ld.getMemref() != buf || ld.getIndices().size() != st.getIndices().size())
      continue;
    bool same = true;
    for (auto [x, y] : llvm::zip(ld.getIndices(), st.getIndices()))
      same &= sameExpr(cIndex(x), cIndex(y));
    if (same) {
      kind = k;
      return Use::Accumulate;
    }
  }
  return Use::Plain;
}

struct RepairUninitSharedPass : public kfix::impl::RepairUninitSharedBase<RepairUninitSharedPass> {
  using RepairUninitSharedBase::RepairUninitSharedBase;

  void runOnOperation() override {
    bool aimed = !StringRef(loc).trim().empty() || !StringRef(shared).trim().empty();
    bool found = false;
    getOperation().walk([&](gpu::GPUFuncOp func) {
      for (BlockArgument buf : func.getWorkgroupAttributions()) {
        StringRef name = sharedName(func, buf);
        if (!StringRef(shared).trim().empty() && name != StringRef(shared).trim())
          continue;
        if (tryBuffer(func, buf, name, aimed))
          found = true;
      }
    });
    if (aimed && !found)
      getOperation().emitWarning()
          << kPassArg << ": not applied: no uninitialized shared accumulator matches";
  }

  bool tryBuffer(gpu::GPUFuncOp func, BlockArgument buf, StringRef name, bool aimed) {
    std::optional<K> kind;
    bool accumulates = false, plain = false, atLoc = false;
    Operation *first = nullptr;
    Block &entry = func.getBody().front();
    for (OpOperand &use : buf.getUses()) {
      Operation *user = use.getOwner();
      std::optional<K> k;
      Use u = classify(user, buf, k);
      if (u == Use::Plain)
        plain = true;
      if (u == Use::Accumulate) {
        if (accumulates && k != kind)
          return false; // mixed kinds: no single identity
        kind = k;
        accumulates = true;
        atLoc |= locMatches(user->getLoc(), loc);
      }
      Operation *top = ancestorIn(&entry, user);
      if (!top)
        return false;
      if (!first || top->isBeforeInBlock(first))
        first = top;
    }
    if (!accumulates || plain || !atLoc)
      return false;
    auto type = cast<MemRefType>(buf.getType());
    if (!type.hasStaticShape()) {
      if (aimed)
        func.emitWarning() << kPassArg << ": not applied: " << name << " has a dynamic size";
      return false;
    }
    OpBuilder b(first);
    Location l = first->getLoc();
    TypedAttr id = arith::getIdentityValueAttr(*kind, type.getElementType(), b, l);
    if (!id)
      return false;
    auto mark = [&](Value v) {
      markRepaired(v.getDefiningOp(), kPassArg);
      return v;
    };
    Type i32 = b.getI32Type();
    auto idx = [&](auto op) {
      markRepaired(op, kPassArg);
      return mark(arith::IndexCastUIOp::create(b, l, i32, op));
    };
    auto tid = [&](gpu::Dimension d) { return idx(gpu::ThreadIdOp::create(b, l, d)); };
    auto bdim = [&](gpu::Dimension d) { return idx(gpu::BlockDimOp::create(b, l, d)); };
    // Flattened thread index: x + bx * (y + by * z).
    Value bx = bdim(gpu::Dimension::x), by = bdim(gpu::Dimension::y);
    Value inner = mark(arith::MulIOp::create(b, l, by, tid(gpu::Dimension::z)));
    inner = mark(arith::AddIOp::create(b, l, tid(gpu::Dimension::y), inner));
    Value flat = mark(arith::MulIOp::create(b, l, bx, inner));
    flat = mark(arith::AddIOp::create(b, l, tid(gpu::Dimension::x), flat));
    Value value = mark(arith::ConstantOp::create(b, l, id));
    int64_t size = type.getNumElements();
    ArrayRef<int64_t> shape = type.getShape();
    auto storeAt = [&](OpBuilder &ib, Value linear) {
      SmallVector<Value> ids;
      Value rest = linear;
      for (int64_t d = shape.size() - 1; d >= 0; --d) {
        Value i = rest;
        if (d > 0) {
          Value ext = mark(arith::ConstantOp::create(ib, l, ib.getI32IntegerAttr(shape[d])));
          i = mark(arith::RemUIOp::create(ib, l, rest, ext));
          rest = mark(arith::DivUIOp::create(ib, l, rest, ext));
        }
        ids.insert(ids.begin(), mark(arith::IndexCastUIOp::create(ib, l, ib.getIndexType(), i)));
      }
      markRepaired(memref::StoreOp::create(ib, l, value, buf, ids), kPassArg);
    };
    if (size == 1) {
      Value zero = mark(arith::ConstantOp::create(b, l, b.getI32IntegerAttr(0)));
      Value isFirst = mark(arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, flat, zero));
      auto ifOp = scf::IfOp::create(b, l, isFirst, /*withElseRegion=*/false);
      markRepaired(ifOp, kPassArg);
      OpBuilder ib = ifOp.getThenBodyBuilder();
      Value z = mark(arith::ConstantOp::create(ib, l, ib.getI32IntegerAttr(0)));
      storeAt(ib, z);
    } else {
      Value threads = mark(arith::MulIOp::create(b, l, bx, by));
      threads = mark(arith::MulIOp::create(b, l, threads, bdim(gpu::Dimension::z)));
      Value end = mark(arith::ConstantOp::create(b, l, b.getI32IntegerAttr(size)));
      auto loop = scf::ForOp::create(b, l, flat, end, threads);
      loop.setUnsignedCmp(true);
      markRepaired(loop, kPassArg);
      OpBuilder ib = OpBuilder::atBlockBegin(loop.getBody());
      storeAt(ib, loop.getInductionVar());
    }
    markRepaired(gpu::BarrierOp::create(b, l), kPassArg);
    ++numRewrites;
    return true;
  }
};

} // namespace
