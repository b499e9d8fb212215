//===- RepairAccumulateF32.cpp - accumulate half sums in f32 --------------===//
//
// A `__half acc` summed over hundreds of terms loses everything past 11
// bits. The repair keeps the variable in f32 and converts at its edges. A
// `__half2` / `__nv_bfloat162` accumulator (`acc = __hfma2(d, d, acc)`)
// becomes a vector of two f32 the same way.
//
// The same loss through shared memory: f32 partial sums staged in a
// `__shared__ __half part[NW]` (every store rounds an f32 value, every load is
// widened back) overflow past 65504 or keep 11 bits. The buffer becomes f32.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRACCUMULATEF32
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-accumulate-f32";

bool readsVar(Value v, memref::AllocaOp var) { return loadedVar(v) == var; }

bool isHalf(Type t) { return isa<Float16Type, BFloat16Type>(getElementTypeOrSelf(t)); }

/// `t` with f32 elements (a scalar or a vector of the same shape).
Type widened(Type t) {
  Type f32 = Float32Type::get(t.getContext());
  if (auto v = dyn_cast<VectorType>(t))
    return VectorType::get(v.getShape(), f32);
  return f32;
}

/// `acc + x`, `x + acc` or `fma(a, b, acc)` stored back to `var`.
bool isAccumulation(memref::StoreOp store, memref::AllocaOp var) {
  Operation *def = store.getValue().getDefiningOp();
  if (isa_and_nonnull<arith::AddFOp>(def))
    return readsVar(def->getOperand(0), var) || readsVar(def->getOperand(1), var);
  if (auto fma = dyn_cast_or_null<math::FmaOp>(def))
    return readsVar(fma.getC(), var);
  return false;
}

struct RepairAccumulateF32Pass
    : public kfix::impl::RepairAccumulateF32Base<RepairAccumulateF32Pass> {
  using RepairAccumulateF32Base::RepairAccumulateF32Base;

  void runOnOperation() override {
    SmallVector<memref::AllocaOp> vars;
    getOperation().walk([&](memref::AllocaOp a) {
      Type t = a.getType().getElementType();
      if (getVarAlloca(a) && isHalf(t) &&
          (!isa<VectorType>(t) || cast<VectorType>(t).getRank() == 1))
        vars.push_back(a);
    });
    for (memref::AllocaOp var : vars)
      repair(var);
    getOperation().walk([&](gpu::GPUFuncOp f) {
      for (BlockArgument buf : f.getWorkgroupAttributions())
        widenStaging(buf);
    });
  }

  /// A workgroup buffer of half elements that only stages f32 values: each
  /// store rounds an f32 value, each load is read back as f32 only.
  void widenStaging(BlockArgument buf) {
    auto mt = dyn_cast<MemRefType>(buf.getType());
    if (!mt || !isa<Float16Type, BFloat16Type>(mt.getElementType()))
      return;
    Type f32 = Float32Type::get(buf.getContext());
    bool hit = loc.empty(), any = false;
    for (Operation *u : buf.getUsers()) {
      hit |= locMatches(u->getLoc(), loc);
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        auto t = st.getValue().getDefiningOp<arith::TruncFOp>();
        if (st.getMemRef() != buf || !t || t.getIn().getType() != f32)
          return;
        hit |= locMatches(t->getLoc(), loc);
        any = true;
        continue;
      }
      auto ld = dyn_cast<memref::LoadOp>(u);
      if (!ld || ld->use_empty() || !llvm::all_of(ld->getUsers(), [&](Operation *x) {
            auto e = dyn_cast<arith::ExtFOp>(x);
            return e && e.getType() == f32;
          }))
        return;
      for (Operation *x : ld->getUsers())
        hit |= locMatches(x->getLoc(), loc);
    }
    if (!any || !hit)
      return;
    buf.setType(MemRefType::get(mt.getShape(), f32, mt.getLayout(), mt.getMemorySpace()));
    // The declaration changes: delivery re-declares the buffer.
    markRepaired(buf.getOwner()->getParentOp(), kPassArg);
    for (Operation *u : llvm::make_early_inc_range(buf.getUsers())) {
      markRepaired(u, kPassArg);
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        auto t = st.getValue().getDefiningOp<arith::TruncFOp>();
        st.getValueMutable().assign(t.getIn());
        if (t->use_empty())
          t.erase();
        continue;
      }
      auto ld = cast<memref::LoadOp>(u);
      ld.getResult().setType(f32);
      for (Operation *x : llvm::make_early_inc_range(ld->getUsers())) {
        // The widening's readers take the f32 value: delivery prints them again.
        for (Operation *r : x->getResult(0).getUsers())
          markRepaired(r, kPassArg);
        x->getResult(0).replaceAllUsesWith(ld.getResult());
        x->erase();
      }
    }
    ++numRewrites;
  }

  /// `v` as f32 (elementwise): looks through a truncf from f32, else extends.
  Value toF32(OpBuilder &b, Location l, Value v) {
    Type w = widened(v.getType());
    if (auto t = v.getDefiningOp<arith::TruncFOp>(); t && t.getIn().getType() == w)
      return t.getIn();
    return arith::ExtFOp::create(b, l, w, v);
  }

  /// The accumulated term computed in f32 as well: a half product or
  /// difference (`x * y` of `__half` temporaries, rounded to 11 bits before it
  /// is added) is recomputed from its operands in f32.
  Value termToF32(OpBuilder &b, Location l, Value v, unsigned depth = 0) {
    Operation *d = v.getDefiningOp();
    if (depth < 3 && d && isa<arith::MulFOp, arith::AddFOp, arith::SubFOp>(d) &&
        isHalf(v.getType())) {
      Value x = termToF32(b, l, d->getOperand(0), depth + 1);
      Value y = termToF32(b, l, d->getOperand(1), depth + 1);
      OperationState st(d->getLoc(), d->getName());
      st.addOperands({x, y});
      st.addTypes(widened(v.getType()));
      Operation *w = b.create(st);
      markRepaired(w, kPassArg);
      return w->getResult(0);
    }
    return toF32(b, l, v);
  }

  void repair(memref::AllocaOp var) {
    auto stores = storesTo(var);
    bool accumulates = false, hit = locMatches(var.getLoc(), loc);
    for (memref::StoreOp st : stores)
      if (isAccumulation(st, var)) {
        accumulates = true;
        hit |= locMatches(st.getLoc(), loc);
      }
    if (!accumulates || !hit)
      return;
    // Only plain loads and stores of the variable can be rewritten.
    for (Operation *user : var->getUsers())
      if (!isa<memref::LoadOp, memref::StoreOp>(user) ||
          (isa<memref::StoreOp>(user) && user->getOperand(0) == var.getResult()))
        return;

    OpBuilder b(var);
    b.setInsertionPointAfter(var);
    Type wideTy = widened(var.getType().getElementType());
    auto wide = memref::AllocaOp::create(b, var.getLoc(), MemRefType::get({}, wideTy));
    wide->setAttrs(var->getAttrs());
    markRepaired(wide, kPassArg);
    Type narrow = var.getType().getElementType();

    for (memref::StoreOp st : stores) {
      b.setInsertionPoint(st);
      Location l = st.getLoc();
      Value v = st.getValue();
      Operation *def = v.getDefiningOp();
      Value nv;
      if (isAccumulation(st, var)) {
        Value acc = memref::LoadOp::create(b, l, wide.getResult(), ValueRange{});
        if (auto fma = dyn_cast<math::FmaOp>(def)) {
          nv = math::FmaOp::create(b, def->getLoc(), termToF32(b, l, fma.getA()),
                                   termToF32(b, l, fma.getB()), acc);
        } else {
          bool accFirst = readsVar(def->getOperand(0), var);
          Value other = termToF32(b, l, def->getOperand(accFirst ? 1 : 0));
          nv = accFirst ? arith::AddFOp::create(b, def->getLoc(), acc, other)
                        : arith::AddFOp::create(b, def->getLoc(), other, acc);
        }
        markRepaired(nv.getDefiningOp(), kPassArg);
      } else {
        nv = toF32(b, l, v);
      }
      auto newStore = memref::StoreOp::create(b, l, nv, wide.getResult(), ValueRange{});
      markRepaired(newStore, kPassArg);
      st.erase();
      // The half arithmetic the wide term replaced, now unused.
      SmallVector<Operation *> dead{def};
      while (!dead.empty()) {
        Operation *d = dead.pop_back_val();
        if (!d || !d->use_empty() || !isMemoryEffectFree(d) || isa<memref::LoadOp>(d))
          continue;
        for (Value o : d->getOperands())
          if (Operation *od = o.getDefiningOp();
              od && isa<arith::MulFOp, arith::AddFOp, arith::SubFOp, arith::ExtFOp>(od))
            dead.push_back(od);
        d->erase();
      }
    }
    for (Operation *user : llvm::make_early_inc_range(var->getUsers())) {
      auto load = cast<memref::LoadOp>(user);
      if (load.use_empty()) {
        load.erase();
        continue;
      }
      b.setInsertionPoint(load);
      Value l32 = memref::LoadOp::create(b, load.getLoc(), wide.getResult(), ValueRange{});
      // A read converted back to f32 (`(float)acc`) takes the f32 value: a
      // round trip through f16 would lose what the wide sum kept.
      for (Operation *u : llvm::make_early_inc_range(load->getUsers())) {
        if (auto ext = dyn_cast<arith::ExtFOp>(u); ext && ext.getType() == wideTy) {
          ext.replaceAllUsesWith(l32);
          ext.erase();
          continue;
        }
        // A lane of a vector accumulator read as f32 (`__low2float(acc)`):
        // the lane of the f32 vector.
        auto ex = dyn_cast<vector::ExtractOp>(u);
        if (!ex || !ex->hasOneUse())
          continue;
        auto ext = dyn_cast<arith::ExtFOp>(*ex->getUsers().begin());
        if (!ext || !ext.getType().isF32())
          continue;
        OpBuilder eb(ex);
        auto lane = vector::ExtractOp::create(eb, ex.getLoc(), l32, ex.getMixedPosition());
        markRepaired(lane, kPassArg);
        ext.replaceAllUsesWith(lane.getResult());
        ext.erase();
        ex.erase();
      }
      if (load.use_empty()) {
        load.erase();
        continue;
      }
      auto t = arith::TruncFOp::create(b, load.getLoc(), narrow, l32);
      markRepaired(t, kPassArg);
      load.replaceAllUsesWith(t.getResult());
      load.erase();
    }
    var.erase();
    ++numRewrites;
  }
};

} // namespace
