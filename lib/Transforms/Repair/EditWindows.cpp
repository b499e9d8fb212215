//===- EditWindows.cpp - values of a window before its clamp --------------===//
//
// Two edits of the vocabulary that repair a pooling or stencil window's
// arithmetic (EditVocabulary.h):
//
//  - `unclamp`: a value computed from a window bound after the bound was
//    clipped to the input (`s = max(s, 0); e = s + K;`, or a divisor
//    `(e - s)` taken after `s = max(s, 0); e = min(e, D);`) where the bound
//    before the clip was meant. The operand is rebuilt with each clamped read
//    replaced by the value the local held before its clamp.
//  - `window`: a conditional count (`if (in bounds) ++count;`) used where the
//    full window was meant (average pooling with count_include_pad): the
//    count is replaced by the product of the trip counts of the loops it is
//    counted in.
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace kfix;

namespace {

/// True when `op` (or an op nested in it) stores to `var`.
bool storesInside(Operation *op, memref::AllocaOp var) {
  bool found = false;
  op->walk([&](memref::StoreOp st) {
    if (st.getMemRef() == var.getResult())
      found = true;
  });
  return found;
}

/// The store of local `var` a read at `pos` would see (the latest store before
/// it on every path); null when a store in a loop or a branch between them, or
/// a loop around `pos` that stores it, makes that ambiguous.
memref::StoreOp storeReaching(memref::AllocaOp var, Operation *pos) {
  Operation *cur = pos;
  while (cur) {
    for (Operation *p = cur->getPrevNode(); p; p = p->getPrevNode()) {
      if (auto st = dyn_cast<memref::StoreOp>(p); st && st.getMemRef() == var.getResult())
        return st;
      if (p->getNumRegions() && storesInside(p, var))
        return {}; // stored in a loop or a branch: more than one store reaches
    }
    cur = cur->getParentOp();
    // A loop's body is entered again after its own stores: only the first
    // iteration would read the store before the loop.
    if (!cur || isa<gpu::GPUFuncOp>(cur) ||
        ((isa<LoopLikeOpInterface>(cur) || isa<scf::WhileOp>(cur)) && storesInside(cur, var)))
      return {};
  }
  return {};
}

/// `v` as something the source can name at `at`: a read of a local that was
/// stored again since (`s` read before `s = max(s, 0)`) is replaced by the
/// value that read saw, rebuilt (the delivered expression names what it
/// reads, so every local it names must still hold that value). Null when it
/// cannot; with a null builder nothing is built.
Value stable(OpBuilder *b, Value v, Operation *at, DominanceInfo &dom, unsigned depth) {
  if (depth > 12)
    return {};
  if (auto load = v.getDefiningOp<memref::LoadOp>()) {
    memref::AllocaOp var = loadedVar(v);
    if (!var || var.getType().getRank() != 0)
      return v;
    memref::StoreOp then = storeReaching(var, load), now = storeReaching(var, at);
    if (then == now)
      return v;
    if (!then || !dom.properlyDominates(then.getValue(), at))
      return {};
    return stable(b, then.getValue(), at, dom, depth + 1);
  }
  Operation *d = v.getDefiningOp();
  if (!d || d->getNumRegions() || d->getNumResults() != 1 ||
      !isa<arith::ArithDialect, math::MathDialect>(d->getDialect()))
    return v;
  IRMapping map;
  bool any = false;
  for (Value o : d->getOperands()) {
    Value m = stable(b, o, at, dom, depth + 1);
    if (!m)
      return {};
    if (m != o) {
      map.map(o, m);
      any = true;
    }
  }
  if (!any || !b)
    return v;
  Operation *c = b->clone(*d, map);
  c->setLoc(UnknownLoc::get(c->getContext()));
  markRepaired(c, "kfix-repair-edit");
  return c->getResult(0);
}

/// `min`/`max` of integers or floats.
bool isMinMax(Operation *op) {
  return isa_and_nonnull<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp,
                         arith::MaxNumFOp, arith::MinNumFOp, arith::MaximumFOp, arith::MinimumFOp>(
      op);
}

/// The value a clamp of local `var` stored by `st` clips: the operand of
/// `x = max(x, lo)` that reads `x`, or of `y = min(v, HI_CONSTANT)` the one
/// that is not a constant. Null when `st` stores no clamp.
Value clampedInput(memref::StoreOp st, memref::AllocaOp var) {
  Operation *d = st.getValue().getDefiningOp();
  if (!isMinMax(d))
    return {};
  for (unsigned i = 0; i < 2; ++i) {
    Value x = d->getOperand(i), bound = d->getOperand(1 - i);
    if (loadedVar(x) == var && loadedVar(bound) != var)
      return x;
  }
  for (unsigned i = 0; i < 2; ++i) {
    Value x = d->getOperand(i), bound = d->getOperand(1 - i);
    if ((getConstInt(bound) || getConstFloat(bound)) && !getConstInt(x) && !getConstFloat(x))
      return x;
  }
  return {};
}

Value unclamped(OpBuilder *b, Value v, Operation *at, DominanceInfo &dom, unsigned depth) {
  if (depth > 12)
    return {};
  if (auto load = v.getDefiningOp<memref::LoadOp>()) {
    memref::AllocaOp var = loadedVar(v);
    if (!var || var.getType().getRank() != 0)
      return {};
    memref::StoreOp st = storeReaching(var, load);
    if (!st)
      return {};
    if (Value pre = clampedInput(st, var)) {
      if (!dom.properlyDominates(pre, at))
        return {};
      // A bound clipped twice (`e = min(s + K, D + P); e = min(e, D)`) is
      // taken back one clip: the window as the code first computed it.
      return stable(b, pre, at, dom, depth + 1);
    }
    // A local computed from clamped bounds (`int pool = (e - s) * ...`).
    return unclamped(b, st.getValue(), at, dom, depth + 1);
  }
  Operation *d = v.getDefiningOp();
  if (!d || d->getNumResults() != 1 || d->getNumRegions() ||
      !isa<arith::ArithDialect, math::MathDialect>(d->getDialect()))
    return {};
  IRMapping map;
  bool any = false;
  for (Value o : d->getOperands())
    if (Value m = unclamped(b, o, at, dom, depth + 1)) {
      map.map(o, m);
      any = true;
    }
  if (!any)
    return {};
  if (!b)
    return v; // only asked whether a clamped read is there
  for (Value o : d->getOperands())
    if (!map.contains(o)) {
      Value m = stable(b, o, at, dom, depth + 1);
      if (!m)
        return {};
      if (m != o)
        map.map(o, m);
    }
  Operation *c = b->clone(*d, map);
  // A new expression (not the original's op edited): printed with its use.
  c->setLoc(UnknownLoc::get(c->getContext()));
  markRepaired(c, "kfix-repair-edit");
  return c->getResult(0);
}

/// The number of iterations of a counting loop around `at`'s window, built
/// before `at`: an scf.for of step 1 (`ub - lb`), or an scf.while over a local
/// `k` started before it, tested `k < ub` (`k <= ub`) and stepped `k += 1` at
/// the end of its body (the form a loop with `continue` lifts to).
Value tripCount(OpBuilder &b, Operation *loop, Operation *at, DominanceInfo &dom,
                SmallVectorImpl<Operation *> &created) {
  Location loc = at->getLoc();
  auto made = [&](Value x) {
    created.push_back(x.getDefiningOp());
    return x;
  };
  auto ready = [&](Value x) { return x && dom.properlyDominates(x, at); };
  // A bound read from a local inside an outer loop (`for (h = h0; h < h1; ...)`
  // nested in the `d` loop) is read again where `at` is, when the local still
  // holds what that read saw.
  auto available = [&](Value x) -> Value {
    if (ready(x))
      return x;
    Operation *cast = nullptr;
    Value v = x;
    if (auto c = x.getDefiningOp<arith::IndexCastOp>())
      cast = c, v = c.getIn();
    auto ld = v.getDefiningOp<memref::LoadOp>();
    memref::AllocaOp var = ld ? loadedVar(v) : memref::AllocaOp();
    if (!var || var.getType().getRank() != 0)
      return {};
    memref::StoreOp then = storeReaching(var, ld);
    if (!then || then != storeReaching(var, at))
      return {};
    Value again = made(memref::LoadOp::create(b, loc, var.getResult(), ValueRange{}));
    if (cast)
      again = made(arith::IndexCastOp::create(b, loc, x.getType(), again));
    return again;
  };
  if (auto f = dyn_cast<scf::ForOp>(loop)) {
    auto step = getConstInt(f.getStep());
    if (!step || *step != 1)
      return {};
    auto lbc = getConstInt(f.getLowerBound());
    Value ub = available(f.getUpperBound());
    Value lb = lbc ? Value() : available(f.getLowerBound());
    if (!ub || (!lbc && !lb))
      return {};
    if (lbc && *lbc == 0)
      return ub;
    if (lbc)
      lb = made(arith::ConstantOp::create(b, loc, IntegerAttr::get(ub.getType(), *lbc)));
    return made(arith::SubIOp::create(b, loc, ub, lb));
  }
  auto w = dyn_cast<scf::WhileOp>(loop);
  if (!w || w.getBefore().front().getOperations().size() != 3)
    return {};
  auto cond = dyn_cast<scf::ConditionOp>(w.getBefore().front().getTerminator());
  auto cmp = cond ? cond.getCondition().getDefiningOp<arith::CmpIOp>() : arith::CmpIOp();
  if (!cmp)
    return {};
  memref::AllocaOp var = loadedVar(cmp.getLhs());
  Value ub = cmp.getRhs();
  auto pred = cmp.getPredicate();
  bool inclusive = pred == arith::CmpIPredicate::sle || pred == arith::CmpIPredicate::ule;
  if (!var || !ready(ub) ||
      !(inclusive || pred == arith::CmpIPredicate::slt || pred == arith::CmpIPredicate::ult))
    return {};
  // The start: the store before the loop in its block; the step: `k += 1`
  // as the last store of the body.
  memref::StoreOp init, step;
  for (Operation *p = w->getPrevNode(); p && !init; p = p->getPrevNode()) {
    if (auto st = dyn_cast<memref::StoreOp>(p); st && st.getMemRef() == var.getResult())
      init = st;
    else if (storesInside(p, var))
      return {};
  }
  Block &body = w.getAfter().front();
  for (Operation &o : body)
    if (auto st = dyn_cast<memref::StoreOp>(o); st && st.getMemRef() == var.getResult())
      step = st;
  auto start = init ? getConstInt(init.getValue()) : std::nullopt;
  if (!init || !step || (!start && !ready(init.getValue())))
    return {};
  auto inc = step.getValue().getDefiningOp<arith::AddIOp>();
  if (!inc || !llvm::any_of(inc->getOperands(), [&](Value x) { return loadedVar(x) == var; }) ||
      !llvm::any_of(inc->getOperands(), [](Value x) {
        auto c = getConstInt(x);
        return c && *c == 1;
      }))
    return {};
  // No other store of the counter in the body (a `k += 2` on some path).
  unsigned stores = 0;
  w.getAfter().walk([&](memref::StoreOp st) {
    if (st.getMemRef() == var.getResult())
      ++stores;
  });
  if (stores != 1)
    return {};
  Value n = ub;
  if (!start)
    n = made(arith::SubIOp::create(b, loc, ub, init.getValue()));
  else if (*start != 0) // the start's constant rebuilt where `at` is
    n = made(arith::SubIOp::create(
        b, loc, ub,
        made(arith::ConstantOp::create(b, loc, IntegerAttr::get(ub.getType(), *start)))));
  if (inclusive)
    n = made(arith::AddIOp::create(
        b, loc, n, made(arith::ConstantOp::create(b, loc, IntegerAttr::get(n.getType(), 1)))));
  return n;
}

} // namespace

memref::StoreOp kfix::edit::reachingStore(memref::LoadOp load) {
  memref::AllocaOp var = getVarAlloca(load.getMemref());
  return var ? storeReaching(var, load) : memref::StoreOp();
}

Value kfix::edit::unclampedValue(OpBuilder *b, Value v, Operation *at) {
  DominanceInfo dom(at->getParentOfType<gpu::GPUFuncOp>());
  return unclamped(b, v, at, dom, 0);
}

Value kfix::edit::windowCount(OpBuilder *b, Value v, Operation *at) {
  Value count = v;
  if (isa_and_nonnull<arith::SIToFPOp, arith::UIToFPOp>(v.getDefiningOp()))
    count = v.getDefiningOp()->getOperand(0);
  memref::AllocaOp counter = loadedVar(stripCasts(count));
  if (!counter || !counter.getType().getElementType().isSignlessInteger())
    return {};
  // One `count += 1` (in loops `at` is not in) and a start of 0 before them.
  memref::StoreOp inc, init;
  unsigned stores = 0;
  for (memref::StoreOp st : storesTo(counter)) {
    ++stores;
    if (auto c = getConstInt(st.getValue()); c && *c == 0)
      init = st;
    auto add = st.getValue().getDefiningOp<arith::AddIOp>();
    if (add && llvm::any_of(add->getOperands(), [&](Value x) { return loadedVar(x) == counter; }) &&
        llvm::any_of(add->getOperands(), [](Value x) {
          auto c = getConstInt(x);
          return c && *c == 1;
        }))
      inc = st;
  }
  if (!inc || !init || stores != 2)
    return {};
  DominanceInfo dom(at->getParentOfType<gpu::GPUFuncOp>());
  if (!dom.properlyDominates(init.getOperation(), at))
    return {};
  SmallVector<Operation *> loops;
  for (Operation *l : edit::enclosingLoops(inc))
    if (!l->isAncestor(at) && !l->isAncestor(init))
      loops.push_back(l);
  // A conditional count: some test between the loops and the increment.
  bool guarded = false;
  for (Operation *p = inc->getParentOp(); p && !llvm::is_contained(loops, p); p = p->getParentOp())
    guarded |= isa<scf::IfOp>(p);
  for (Operation *l : loops) // `continue` lifts to a flag tested inside the body
    guarded |= llvm::any_of(edit::loopBody(l)->getOperations(),
                            [](Operation &o) { return isa<scf::IfOp>(o); });
  if (loops.empty() || !guarded)
    return {};
  OpBuilder scratch(at->getContext());
  OpBuilder &bb = b ? *b : scratch;
  // Probe without building: every loop must be countable where `at` is.
  Block probe;
  if (!b)
    scratch.setInsertionPointToStart(&probe);
  Value n;
  SmallVector<Operation *> created;
  for (Operation *l : loops) {
    Value t = tripCount(bb, l, at, dom, created);
    if (!t) {
      n = {};
      break;
    }
    Type it = counter.getType().getElementType();
    if (t.getType() != it) {
      t = arith::IndexCastOp::create(bb, at->getLoc(), it, t);
      created.push_back(t.getDefiningOp());
    }
    if (n) {
      n = arith::MulIOp::create(bb, at->getLoc(), n, t);
      created.push_back(n.getDefiningOp());
    } else {
      n = t;
    }
  }
  if (!b) {
    // Drop what the probe built (users first).
    while (!probe.empty())
      probe.back().erase();
    return n ? v : Value();
  }
  if (!n) {
    for (Operation *o : llvm::reverse(created))
      o->erase();
    return {};
  }
  for (Operation *o : created)
    markRepaired(o, "kfix-repair-edit");
  // The count's conversion (`(float)count`) applies to the window.
  if (v == count && v.getType() == n.getType())
    return n;
  Operation *cast = v.getDefiningOp();
  if (cast && cast->getNumOperands() == 1 && cast->getOperand(0) == count &&
      count.getType() == n.getType()) {
    IRMapping map;
    map.map(count, n);
    Operation *c = b->clone(*cast, map);
    markRepaired(c, "kfix-repair-edit");
    return c->getResult(0);
  }
  return {};
}

//===----------------------------------------------------------------------===//
// unroll-tail: a loop unrolled by U over `n_main = N - N % U` (or `N / U * U`)
// whose body runs an inner `for (u = 0; u < U; ++u)` at `j + u`, with no
// remainder loop after it: the last N % U elements are never visited. The
// edit runs the loop up to N and the inner loop up to min(U, N - j).
//===----------------------------------------------------------------------===//

bool kfix::edit::unrollTail(OpBuilder *b, scf::ForOp outer) {
  Value n = roundedDownBound(outer.getUpperBound());
  scf::ForOp inner = innerUnitLoop(outer);
  if (!n || !inner || n.getType() != outer.getUpperBound().getType() ||
      inner.getUpperBound().getType() != outer.getInductionVar().getType())
    return false;
  if (auto a = dyn_cast<BlockArgument>(n); !a && !n.getDefiningOp())
    return false;
  DominanceInfo dom(outer->getParentOfType<gpu::GPUFuncOp>());
  if (!dom.properlyDominates(n, outer))
    return false;
  if (!b)
    return true;
  Location loc = inner.getLoc();
  b->setInsertionPoint(inner);
  // j as the file names it: a read of the local the loop stores it into.
  Value j = outer.getInductionVar();
  for (Operation &o : *outer.getBody()) {
    if (&o == inner.getOperation())
      break;
    if (auto st = dyn_cast<memref::StoreOp>(o);
        st && st.getValueToStore() == j && st.getIndices().empty()) {
      j = memref::LoadOp::create(*b, loc, st.getMemref());
      break;
    }
  }
  Value left = arith::SubIOp::create(*b, loc, n, j);
  Value hi = arith::MinSIOp::create(*b, loc, inner.getUpperBound(), left);
  // Printed with the loops' conditions (the loops are what the delivery edits).
  inner->setOperand(1, hi);
  outer->setOperand(1, n);
  markRepaired(inner, "kfix-repair-edit");
  markRepaired(outer, "kfix-repair-edit");
  return true;
}
