//===- RepairReductionIdentity.cpp - start reductions from the identity ---===//
//
// `float m = 0.0f; for (...) m = fmaxf(m, x[i]);` is wrong for all-negative
// rows; so is padding out-of-range threads with 0 before a max tree. The
// repair replaces the initial (or padding) constant by the identity of the
// op that combines the accumulator. The combine is an op reading the
// accumulator (`+`, `*`, fmaxf, `a > b ? a : b`) or a guarded assignment
// `if (v > best) { best = v; arg = i; }`, the argmax/argmin form.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/APFloat.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRREDUCTIONIDENTITY
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-reduction-identity";

enum class Combine { None, Add, Mul, MaxF, MinF, MaxS, MinS, MaxU, MinU, Conflict };

/// True when `v` reads the accumulator `acc`.
bool readsAcc(Value v, Value acc) {
  auto load = stripCasts(v).getDefiningOp<memref::LoadOp>();
  return load && load.getMemref() == acc;
}

/// `c ? t : f` with `c = cmp(l, r)`: max or min when {t, f} = {l, r}.
Combine matchSelect(arith::SelectOp sel) {
  Value l, r;
  bool greater;
  bool isInt = false;
  if (auto cf = sel.getCondition().getDefiningOp<arith::CmpFOp>()) {
    using P = arith::CmpFPredicate;
    P p = cf.getPredicate();
    if (llvm::is_contained({P::OGT, P::OGE, P::UGT, P::UGE}, p))
      greater = true;
    else if (llvm::is_contained({P::OLT, P::OLE, P::ULT, P::ULE}, p))
      greater = false;
    else
      return Combine::None;
    l = cf.getLhs();
    r = cf.getRhs();
  } else if (auto ci = sel.getCondition().getDefiningOp<arith::CmpIOp>()) {
    using P = arith::CmpIPredicate;
    P p = ci.getPredicate();
    if (llvm::is_contained({P::sgt, P::sge}, p))
      greater = true;
    else if (llvm::is_contained({P::slt, P::sle}, p))
      greater = false;
    else
      return Combine::None;
    l = ci.getLhs();
    r = ci.getRhs();
    isInt = true;
  } else {
    return Combine::None;
  }
  Value t = sel.getTrueValue(), f = sel.getFalseValue();
  bool isMax;
  if (sameExpr(t, l) && sameExpr(f, r))
    isMax = greater;
  else if (sameExpr(t, r) && sameExpr(f, l))
    isMax = !greater;
  else
    return Combine::None;
  if (isInt)
    return isMax ? Combine::MaxS : Combine::MinS;
  return isMax ? Combine::MaxF : Combine::MinF;
}

/// Same value: `sameExpr`, or two loads of one buffer at equal indices (the
/// `if (x[i] > m) m = x[i];` form reads the element twice).
bool sameOperand(Value a, Value b) {
  a = stripCasts(a);
  b = stripCasts(b);
  if (sameExpr(a, b))
    return true;
  auto la = a.getDefiningOp<memref::LoadOp>(), lb = b.getDefiningOp<memref::LoadOp>();
  if (!la || !lb || la.getMemref() != lb.getMemref() ||
      la.getIndices().size() != lb.getIndices().size())
    return false;
  for (auto [x, y] : llvm::zip(la.getIndices(), lb.getIndices()))
    if (!sameExpr(cIndex(x), cIndex(y)))
      return false;
  return true;
}

/// The comparisons of an `scf.if` condition joined by `&&` (`arith.andi`),
/// and the plain comparisons among the alternatives of a `||` (`arith.ori`):
/// `v < best || (v == best && i < arg)`, the argmin with ties to the lower
/// index, is a min of `best`; its tie-break (`i < arg` under `&&` in the
/// `||`) makes no min of `arg`.
void conjuncts(Value c, SmallVectorImpl<Value> &out, unsigned depth = 0, bool inOr = false) {
  Operation *d = c.getDefiningOp();
  if (depth < 4 &&
      ((isa_and_nonnull<arith::AndIOp>(d) && !inOr) || isa_and_nonnull<arith::OrIOp>(d))) {
    conjuncts(d->getOperand(0), out, depth + 1, inOr || isa<arith::OrIOp>(d));
    conjuncts(d->getOperand(1), out, depth + 1, inOr || isa<arith::OrIOp>(d));
    return;
  }
  out.push_back(c);
}

/// `if (v > acc) { acc = v; ... }` (also `acc < v`, `>=`, and a condition
/// `mask && v > acc`): the store is a max (or min) combine of `acc`.
Combine guardedCombine(memref::StoreOp store, Value acc) {
  auto ifOp = dyn_cast_or_null<scf::IfOp>(store->getParentOp());
  if (!ifOp || store->getBlock() != &ifOp.getThenRegion().front())
    return Combine::None;
  Value v = store.getValue();
  SmallVector<Value, 2> conds;
  conjuncts(ifOp.getCondition(), conds);
  Combine found = Combine::None;
  for (Value c : conds) {
    Operation *cmp = c.getDefiningOp();
    int sense = 0;
    bool isFloat = false, isUnsigned = false;
    if (auto cf = dyn_cast_or_null<arith::CmpFOp>(cmp)) {
      using P = arith::CmpFPredicate;
      P p = cf.getPredicate();
      sense = llvm::is_contained({P::OGT, P::OGE, P::UGT, P::UGE}, p)   ? 1
              : llvm::is_contained({P::OLT, P::OLE, P::ULT, P::ULE}, p) ? -1
                                                                        : 0;
      isFloat = true;
    } else if (auto ci = dyn_cast_or_null<arith::CmpIOp>(cmp)) {
      using P = arith::CmpIPredicate;
      P p = ci.getPredicate();
      sense = llvm::is_contained({P::sgt, P::sge, P::ugt, P::uge}, p)   ? 1
              : llvm::is_contained({P::slt, P::sle, P::ult, P::ule}, p) ? -1
                                                                        : 0;
      isUnsigned = llvm::is_contained({P::ugt, P::uge, P::ult, P::ule}, p);
    }
    if (!sense)
      continue;
    Value l = cmp->getOperand(0), r = cmp->getOperand(1);
    bool isMax;
    if (sameOperand(l, v) && readsAcc(r, acc))
      isMax = sense > 0;
    else if (sameOperand(r, v) && readsAcc(l, acc))
      isMax = sense < 0;
    else
      continue;
    Combine k = isFloat      ? (isMax ? Combine::MaxF : Combine::MinF)
                : isUnsigned ? (isMax ? Combine::MaxU : Combine::MinU)
                             : (isMax ? Combine::MaxS : Combine::MinS);
    if (found != Combine::None && found != k)
      return Combine::None;
    found = k;
  }
  return found;
}

/// The kind of op that combines `acc` in the stored value `v`, if any.
Combine combineOf(Value v, Value acc) {
  Operation *def = v.getDefiningOp();
  if (!def || !llvm::any_of(def->getOperands(), [&](Value o) { return readsAcc(o, acc); }))
    return Combine::None;
  if (isa<arith::AddFOp, arith::AddIOp>(def))
    return Combine::Add;
  if (auto fma = dyn_cast<math::FmaOp>(def))
    return readsAcc(fma.getC(), acc) ? Combine::Add : Combine::None;
  if (isa<arith::MulFOp, arith::MulIOp>(def))
    return Combine::Mul;
  if (isa<arith::MaxNumFOp, arith::MaximumFOp>(def))
    return Combine::MaxF;
  if (isa<arith::MinNumFOp, arith::MinimumFOp>(def))
    return Combine::MinF;
  if (isa<arith::MaxSIOp>(def))
    return Combine::MaxS;
  if (isa<arith::MinSIOp>(def))
    return Combine::MinS;
  if (isa<arith::MaxUIOp>(def))
    return Combine::MaxU;
  if (isa<arith::MinUIOp>(def))
    return Combine::MinU;
  if (auto sel = dyn_cast<arith::SelectOp>(def))
    return matchSelect(sel);
  return Combine::None;
}

/// The identity of `kind` in `type`, or null when `c` already is acceptable.
TypedAttr identityFor(Combine kind, Type type, Attribute c) {
  if (auto ft = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    double cur = cast<FloatAttr>(c).getValueAsDouble();
    double largest = llvm::APFloat::getLargest(sem).convertToDouble();
    switch (kind) {
    case Combine::Add:
      return cur == 0.0 ? nullptr : FloatAttr::get(ft, 0.0);
    case Combine::Mul:
      return cur == 1.0 ? nullptr : FloatAttr::get(ft, 1.0);
    // The largest finite value with the wrong sign (`-FLT_MAX` for a min)
    // becomes its opposite, as its author would write it; others infinity.
    case Combine::MaxF:
      if (cur <= -largest)
        return nullptr;
      return cur == largest ? FloatAttr::get(ft, llvm::APFloat::getLargest(sem, /*Negative=*/true))
                            : FloatAttr::get(ft, llvm::APFloat::getInf(sem, /*Negative=*/true));
    case Combine::MinF:
      if (cur >= largest)
        return nullptr;
      return cur == -largest ? FloatAttr::get(ft, llvm::APFloat::getLargest(sem))
                             : FloatAttr::get(ft, llvm::APFloat::getInf(sem));
    default:
      return nullptr;
    }
  }
  auto it = dyn_cast<IntegerType>(type);
  if (!it)
    return nullptr;
  llvm::APInt cur = cast<IntegerAttr>(c).getValue();
  unsigned w = it.getWidth();
  llvm::APInt want;
  switch (kind) {
  case Combine::Add:
  case Combine::MaxU:
    want = llvm::APInt::getZero(w);
    break;
  case Combine::Mul:
    want = llvm::APInt(w, 1);
    break;
  case Combine::MaxS:
    want = llvm::APInt::getSignedMinValue(w);
    break;
  case Combine::MinS:
    want = llvm::APInt::getSignedMaxValue(w);
    break;
  case Combine::MinU:
    want = llvm::APInt::getMaxValue(w);
    break;
  default:
    return nullptr;
  }
  return cur == want ? nullptr : IntegerAttr::get(it, want);
}

struct RepairReductionIdentityPass
    : public kfix::impl::RepairReductionIdentityBase<RepairReductionIdentityPass> {
  using RepairReductionIdentityBase::RepairReductionIdentityBase;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      SmallVector<Value> accs;
      func.walk([&](memref::AllocaOp a) {
        if (getVarAlloca(a))
          accs.push_back(a);
      });
      for (BlockArgument wg : func.getWorkgroupAttributions())
        accs.push_back(wg);
      for (Value acc : accs)
        repair(acc);
    }
  }

  /// The site is the seeding store or the constant it stores (the
  /// diagnosis points at the literal: `float best = 0.0f` at the `0.0f`).
  bool atSite(memref::StoreOp store) {
    if (loc.empty() || locMatches(store.getLoc(), loc))
      return true;
    Operation *def = store.getValue().getDefiningOp();
    if (!def)
      return false;
    if (locMatches(def->getLoc(), loc))
      return true;
    // The constant arms of a padding select / if.
    SmallVector<Value, 4> leaves(def->getOperands());
    if (auto ifOp = dyn_cast<scf::IfOp>(def))
      for (Region *r : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
        if (!r->empty())
          llvm::append_range(leaves, r->front().getTerminator()->getOperands());
    return llvm::any_of(leaves, [&](Value l) {
      auto c = l.getDefiningOp<arith::ConstantOp>();
      return c && locMatches(c.getLoc(), loc);
    });
  }

  void repair(Value acc) {
    Combine kind = Combine::None;
    SmallVector<memref::StoreOp> others;
    for (Operation *user : acc.getUsers()) {
      auto store = dyn_cast<memref::StoreOp>(user);
      if (!store || store.getMemref() != acc)
        continue;
      Combine c = combineOf(store.getValue(), acc);
      if (c == Combine::None)
        c = guardedCombine(store, acc);
      if (c == Combine::None) {
        others.push_back(store);
        continue;
      }
      if (kind != Combine::None && kind != c)
        return;
      kind = c;
    }
    if (kind == Combine::None)
      return;
    for (memref::StoreOp store : others) {
      Value v = store.getValue();
      if (!atSite(store))
        continue;
      // The padding arm of `in_range ? x[i] : c`.
      if (auto sel = v.getDefiningOp<arith::SelectOp>()) {
        for (unsigned arm : {1u, 2u}) {
          Value operand = sel->getOperand(arm);
          auto cst = operand.getDefiningOp<arith::ConstantOp>();
          if (!cst || (arm == 1 && sel->getOperand(2).getDefiningOp<arith::ConstantOp>()))
            continue;
          if (TypedAttr id = identityFor(kind, operand.getType(), cst.getValue())) {
            OpBuilder b(sel);
            auto newCst = arith::ConstantOp::create(b, cst.getLoc(), id);
            sel->setOperand(arm, newCst);
            markRepaired(newCst, kPassArg);
            markRepaired(sel, kPassArg);
            ++numRewrites;
          }
        }
        continue;
      }
      // The same written with a load in an arm: the lifter makes
      // `i < n ? x[i] : c` an `scf.if` that yields `c` from one branch.
      if (auto ifOp = v.getDefiningOp<scf::IfOp>()) {
        unsigned idx = cast<OpResult>(v).getResultNumber();
        SmallVector<scf::YieldOp, 2> yields;
        if (!ifOp.getElseRegion().empty())
          yields = {ifOp.thenYield(), ifOp.elseYield()};
        auto cstOf = [&](scf::YieldOp y) {
          return y->getOperand(idx).getDefiningOp<arith::ConstantOp>();
        };
        // Only the padding arm: exactly one branch yields a constant.
        if (yields.size() == 2 && (!cstOf(yields[0]) != !cstOf(yields[1]))) {
          scf::YieldOp y = cstOf(yields[0]) ? yields[0] : yields[1];
          auto c = cstOf(y);
          if (TypedAttr id = identityFor(kind, v.getType(), c.getValue())) {
            OpBuilder b(y);
            auto newCst = arith::ConstantOp::create(b, c.getLoc(), id);
            y->setOperand(idx, newCst);
            markRepaired(newCst, kPassArg);
            markRepaired(ifOp, kPassArg);
            ++numRewrites;
          }
        }
        continue;
      }
      auto cst = v.getDefiningOp<arith::ConstantOp>();
      if (!cst)
        continue;
      if (TypedAttr id = identityFor(kind, v.getType(), cst.getValue())) {
        OpBuilder b(store);
        auto newCst = arith::ConstantOp::create(b, cst.getLoc(), id);
        store->setOperand(0, newCst);
        markRepaired(newCst, kPassArg);
        markRepaired(store, kPassArg);
        ++numRewrites;
      }
    }
  }
};

} // namespace
