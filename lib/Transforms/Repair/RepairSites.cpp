//===- RepairSites.cpp - where site-aimed repairs can apply ---------------===//
#include "kfix/Transforms/RepairSites.h"
#include "OffByOne.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <set>

using namespace mlir;
using namespace kfix;

bool kfix::isOrderingCompare(Operation *op) {
  auto cmp = dyn_cast_or_null<arith::CmpIOp>(op);
  return cmp && cmp.getPredicate() != arith::CmpIPredicate::eq &&
         cmp.getPredicate() != arith::CmpIPredicate::ne;
}

bool kfix::isShrinkingLoopTest(Operation *op) {
  auto cmp = dyn_cast_or_null<arith::CmpIOp>(op);
  auto loop = cmp ? dyn_cast<scf::WhileOp>(cmp->getParentOp()) : scf::WhileOp();
  if (!loop || cmp->getParentRegion() != &loop.getBefore())
    return false;
  for (Value side : {cmp.getLhs(), cmp.getRhs()}) {
    auto var = loadedVar(side);
    if (!var)
      continue;
    for (memref::StoreOp st : storesTo(var)) {
      Operation *def = st.getValue().getDefiningOp();
      if (loop.getAfter().isAncestor(st->getParentRegion()) &&
          isa_and_nonnull<arith::ShRSIOp, arith::ShRUIOp, arith::DivSIOp, arith::DivUIOp>(def) &&
          loadedVar(def->getOperand(0)) == var)
        return true;
    }
  }
  return false;
}

bool kfix::isNonStrictCompare(Operation *op) {
  auto cmp = dyn_cast_or_null<arith::CmpIOp>(op);
  if (!cmp)
    return false;
  using P = arith::CmpIPredicate;
  return llvm::is_contained({P::sle, P::sge, P::ule, P::uge}, cmp.getPredicate());
}

/// Like sameExpr, but loads of two C locals of the same name compare equal:
/// `q > k` in three loops, each with its own `k`, is one condition written
/// three times.
static bool sameSourceExpr(Value a, Value b, unsigned depth = 0) {
  if (a == b)
    return true;
  if (depth > 8 || a.getType() != b.getType())
    return false;
  auto va = loadedVar(a), vb = loadedVar(b);
  if (va || vb) {
    if (!va || !vb)
      return false;
    auto na = va->getAttrOfType<StringAttr>("kfix.var");
    auto nb = vb->getAttrOfType<StringAttr>("kfix.var");
    return va == vb || (na && nb && na == nb);
  }
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
    if (!sameSourceExpr(x, y, depth + 1))
      return false;
  return true;
}

bool kfix::sameCompare(Operation *a, Operation *b) {
  auto ca = dyn_cast<arith::CmpIOp>(a), cb = dyn_cast<arith::CmpIOp>(b);
  return ca && cb && ca.getPredicate() == cb.getPredicate() &&
         sameSourceExpr(ca.getLhs(), cb.getLhs()) && sameSourceExpr(ca.getRhs(), cb.getRhs());
}

namespace {

void controlsOf(Operation *x, SmallVectorImpl<Operation *> &cmps,
                SmallVectorImpl<Operation *> &loops, llvm::SmallPtrSetImpl<Operation *> &seen,
                unsigned depth);

/// The comparisons an i1 condition is computed from: through and/or/xor,
/// selects, casts, and C bool locals (`bool visible = q > k;`, the
/// `__return` flag of an early return, whose stores sit under the `if`s
/// that decide it).
void conditionCompares(Value v, SmallVectorImpl<Operation *> &cmps,
                       SmallVectorImpl<Operation *> &loops,
                       llvm::SmallPtrSetImpl<Operation *> &seen, unsigned depth) {
  Operation *def = v.getDefiningOp();
  if (!def || depth > 8 || !seen.insert(def).second)
    return;
  if (isOrderingCompare(def)) {
    cmps.push_back(def);
    return;
  }
  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::SelectOp, arith::ExtUIOp,
          arith::ExtSIOp, arith::TruncIOp>(def)) {
    for (Value o : def->getOperands())
      conditionCompares(o, cmps, loops, seen, depth + 1);
    return;
  }
  if (auto var = loadedVar(v))
    for (memref::StoreOp st : storesTo(var)) {
      conditionCompares(st.getValue(), cmps, loops, seen, depth + 1);
      controlsOf(st, cmps, loops, seen, depth + 1);
    }
}

/// The comparisons and loops deciding whether `x` runs, innermost first.
void controlsOf(Operation *x, SmallVectorImpl<Operation *> &cmps,
                SmallVectorImpl<Operation *> &loops, llvm::SmallPtrSetImpl<Operation *> &seen,
                unsigned depth) {
  for (Operation *p = x->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp()) {
    if (auto i = dyn_cast<scf::IfOp>(p))
      conditionCompares(i.getCondition(), cmps, loops, seen, depth + 1);
    else if (auto w = dyn_cast<scf::WhileOp>(p)) {
      conditionCompares(w.getConditionOp().getCondition(), cmps, loops, seen, depth + 1);
      loops.push_back(p);
    } else if (isa<scf::ForOp>(p))
      loops.push_back(p);
  }
}

/// Appends `loc` of `op` to `out` unless listed; for a comparison, unless it
/// repeats a listed one.
struct SiteList {
  unsigned max;
  std::vector<std::string> out;
  std::set<std::string> seen;
  SmallVector<Operation *> cmps;
  void add(Operation *op) {
    if (out.size() >= max || isShrinkingLoopTest(op))
      return;
    std::string l = formatLoc(op->getLoc());
    if (l == "?" || seen.count(l))
      return;
    if (isa<arith::CmpIOp>(op)) {
      if (llvm::any_of(cmps, [&](Operation *c) { return sameCompare(c, op); }))
        return;
      cmps.push_back(op);
    }
    seen.insert(l);
    out.push_back(l);
  }
};

} // namespace

std::vector<std::string> kfix::offByOneSites(ModuleOp module, ArrayRef<std::string> sites,
                                             unsigned max) {
  SiteList list{max, {}, {}, {}};
  SmallVector<gpu::GPUFuncOp> funcs;
  module.walk([&](gpu::GPUFuncOp f) { funcs.push_back(f); });
  for (const std::string &site : sites) {
    SmallVector<Operation *> cmps, loops;
    llvm::SmallPtrSet<Operation *, 32> seen;
    for (gpu::GPUFuncOp f : funcs)
      f.walk([&](Operation *op) {
        if (op == f.getOperation() || !locMatches(op->getLoc(), site))
          return;
        if (isOrderingCompare(op))
          cmps.push_back(op);
        controlsOf(op, cmps, loops, seen, 0);
      });
    // `<=` where `<` was meant is the commonest off-by-one: non-strict first.
    for (Operation *c : cmps)
      if (isNonStrictCompare(c))
        list.add(c);
    for (Operation *c : cmps)
      list.add(c);
    for (Operation *l : loops)
      list.add(l);
  }
  // Then through shared memory: a diagnosed value computed from a staged tile
  // reads what the tile's stores wrote, and a store of a guarded load (`xs[i]
  // = (src > 0 && src < L) ? x[src] : 0`, a halo's padding test) decides which
  // elements are padding: those tests, after the diagnosed site's own.
  SmallVector<Value> tiles;
  for (const std::string &site : sites)
    for (gpu::GPUFuncOp f : funcs)
      f.walk([&](Operation *op) {
        if (op == f.getOperation() || !locMatches(op->getLoc(), site))
          return;
        SmallVector<std::pair<Value, unsigned>> work;
        for (Value o : op->getOperands())
          work.push_back({o, 0});
        llvm::SmallPtrSet<Operation *, 32> seen;
        while (!work.empty()) {
          auto [v, d] = work.pop_back_val();
          Operation *def = v.getDefiningOp();
          if (!def || d > 12 || !seen.insert(def).second)
            continue;
          if (auto ld = dyn_cast<memref::LoadOp>(def)) {
            Value mem = ld.getMemRef();
            if (auto var = loadedVar(v)) {
              for (memref::StoreOp st : storesTo(var))
                work.push_back({st.getValue(), d + 1});
            } else if (!isGlobalMemref(mem) && !llvm::is_contained(tiles, mem)) {
              tiles.push_back(mem);
            }
            continue;
          }
          if (def->getNumRegions() == 0)
            for (Value o : def->getOperands())
              work.push_back({o, d + 1});
        }
      });
  for (Value mem : tiles) {
    SmallVector<Operation *> cmps, loops;
    llvm::SmallPtrSet<Operation *, 32> seen;
    for (Operation *u : mem.getUsers()) {
      auto st = dyn_cast<memref::StoreOp>(u);
      if (!st || st.getMemRef() != mem)
        continue;
      Operation *def = st.getValue().getDefiningOp();
      if (auto sel = dyn_cast_or_null<arith::SelectOp>(def))
        conditionCompares(sel.getCondition(), cmps, loops, seen, 0);
      else if (auto i = dyn_cast_or_null<scf::IfOp>(def))
        conditionCompares(i.getCondition(), cmps, loops, seen, 0);
    }
    for (Operation *c : cmps)
      list.add(c);
  }
  // Without a diagnosed site that leads anywhere: every comparison and loop.
  if (!list.out.empty())
    return list.out;
  // Loops only with a bound written `x - 1` / `x + 1`: shifting any loop of
  // a kernel by one is a guess that rarely helps and often looks like one.
  auto unitOffsetBound = [](scf::ForOp loop) {
    Operation *def = loop.getUpperBound().getDefiningOp();
    return isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def) &&
           (getConstInt(def->getOperand(1)) == 1 || getConstInt(def->getOperand(0)) == 1);
  };
  for (gpu::GPUFuncOp f : funcs)
    f.walk<WalkOrder::PreOrder>([&](Operation *op) {
      auto loop = dyn_cast<scf::ForOp>(op);
      if (isOrderingCompare(op) || (loop && unitOffsetBound(loop)))
        list.add(op);
    });
  return list.out;
}

std::vector<std::string> kfix::storeSites(ModuleOp module, ArrayRef<std::string> sites,
                                          unsigned max) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  auto add = [&](Operation *op) {
    std::string l = formatLoc(op->getLoc());
    if (out.size() < max && l != "?" && seen.insert(l).second)
      out.push_back(l);
  };
  // Scalar and vector (float2/float4) stores, with the buffer or local each
  // writes.
  SmallVector<std::pair<Operation *, Value>> stores;
  module.walk([&](Operation *op) {
    if (auto st = dyn_cast<memref::StoreOp>(op))
      stores.push_back({op, st.getMemref()});
    else if (auto vs = dyn_cast<vector::StoreOp>(op))
      stores.push_back({op, vs.getBase()});
  });
  for (const std::string &site : sites)
    for (auto [st, mem] : stores)
      if (locMatches(st->getLoc(), site) && (isGlobalMemref(mem) || getVarAlloca(mem)))
        add(st);
  for (auto [st, mem] : stores)
    if (isGlobalMemref(mem))
      add(st);
  return out;
}
