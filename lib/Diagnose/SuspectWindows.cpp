//===- SuspectWindows.cpp - a pooling window's bounds and divisor ---------===//
//
// The clipped-window model (SuspectModels.cpp lists every model). A pooling or
// stencil window is computed (`s = o * S - P; e = s + K;`) and then clipped to
// the input (`s = max(s, 0); e = min(e, L);`). Two slips around the clip:
//
//  - a value computed from a bound after its clip where the bound before it
//    was meant: the end from the clipped start (`s = max(s, 0); e = s + K;`),
//    a count_include_pad divisor from the clipped window (`(e - s)` after the
//    clip). The hint is the `unclamp` edit at the read.
//  - a divisor that counts the taps inside the input (`if (in) ++count;` ...
//    `sum / count`) where the average counts the padding too: the `window`
//    edit (the product of the loops' trip counts).
//
// Validation tells whether the clipped value was meant after all.
//
// The unroll-tail model: a loop unrolled by U over `N - N % U` with no
// remainder after it (`kind=unroll-tail`).
//
// The window-halves model: a window `[x - A, x + B]` (its ends stored, compared or a loop's bounds)
// whose two half-widths are locals computed from the same sizes in two ways
// (`A = (K - 1) / 2`, `B = K / 2`): for an even K the window leans one way,
// and the convention (torch pads K/2 in front and (K-1)/2 behind) may be the
// other. The hint is the `exchange` edit of the two names at A's definition:
// every read of A reads B and back.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>
#include <set>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

bool isMinMax(Operation *op) {
  return isa_and_nonnull<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(op);
}

std::vector<memref::StoreOp> storesOf(memref::AllocaOp a) {
  std::vector<memref::StoreOp> out;
  for (Operation *u : a->getUsers())
    if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemref() == a.getResult())
      out.push_back(st);
  return out;
}

/// The clip of local `a` (`a = max(a, lo)`, `a = min(a, hi)`), or null.
memref::StoreOp selfClamp(memref::AllocaOp a) {
  for (memref::StoreOp st : storesOf(a)) {
    Operation *d = st.getValueToStore().getDefiningOp();
    if (isMinMax(d) && llvm::any_of(d->getOperands(), [&](Value o) { return localOf(o) == a; }))
      return st;
  }
  return {};
}

/// A local counted up by one under a test (`if (inside) ++count;`), started
/// at 0: stored exactly twice.
bool isConditionalCount(memref::AllocaOp a) {
  auto stores = storesOf(a);
  if (stores.size() != 2 || !a.getType().getElementType().isSignlessInteger())
    return false;
  bool zero = false, inc = false;
  for (memref::StoreOp st : stores) {
    Value v = st.getValueToStore();
    if (auto c = getConstantIntValue(v)) {
      zero = *c == 0;
      continue;
    }
    auto add = v.getDefiningOp<arith::AddIOp>();
    if (!add)
      continue;
    auto one = [](Value x) {
      auto c = getConstantIntValue(x);
      return c && *c == 1;
    };
    bool self = llvm::any_of(add->getOperands(), [&](Value o) { return localOf(o) == a; });
    bool under = false;
    for (Operation *p = st->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp())
      under |= isa<scf::IfOp>(p);
    inc = self && (one(add.getLhs()) || one(add.getRhs())) && under;
  }
  return zero && inc;
}

} // namespace

/// unroll-tail: a loop unrolled by U up to `N - N % U` (an inner `for (u = 0;
/// u < U; ++u)` at `j + u`) with nothing after it in its block that reads its
/// end again (a remainder loop from there): the last N % U elements are never
/// visited. Hint: the `unroll-tail` edit (up to N, the inner loop clipped).
static void unrollTails(SuspectContext &ctx) {
  ctx.func.walk([&](scf::ForOp f) {
    if (!ctx.bad.contains(f) || !innerUnitLoop(f) || !roundedDownBound(f.getUpperBound()))
      return;
    Value end = stripCasts(f.getUpperBound());
    memref::AllocaOp var = localOf(end);
    for (Operation *o = f->getNextNode(); o; o = o->getNextNode()) {
      bool reads = false;
      o->walk([&](Operation *x) {
        for (Value v : x->getOperands())
          reads |= v == end || (var && localOf(v) == var);
      });
      if (reads)
        return; // a remainder (or another loop over the same range) follows
    }
    ctx.add(f, "unroll-tail", 3.0,
            "a loop unrolled by an inner constant loop runs up to a multiple of the unroll "
            "factor, and no remainder loop follows it (the last elements are never visited)");
    ctx.setHint(f, "unroll-tail", "kind=unroll-tail operand= with=");
  });
}

/// A local computed once from kernel parameters and constants only (a
/// half-width from a size: no thread or block index, no buffer read).
static bool uniformLocal(memref::AllocaOp a) {
  if (!a || localName(a).empty() || !a.getType().getElementType().isSignlessInteger())
    return false;
  auto stores = storesOf(a);
  if (stores.size() != 1)
    return false;
  bool ok = true, param = false;
  llvm::SmallVector<std::pair<Value, unsigned>> work{{stores[0].getValueToStore(), 0}};
  while (!work.empty() && ok) {
    auto [v, depth] = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      ok = isa<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
      param = true;
      continue;
    }
    Operation *d = v.getDefiningOp();
    if (depth > 12 || !d || d->getNumRegions() || !isa<arith::ArithDialect>(d->getDialect())) {
      ok = false;
      continue;
    }
    for (Value o : d->getOperands())
      work.push_back({o, depth + 1});
  }
  return ok && param;
}

/// The terms an integer value adds (+1) and subtracts (-1), through casts
/// and min/max clamps: uniform locals by their alloca, other terms by
/// scalarKey.
struct SignedTerm {
  const void *key;
  memref::AllocaOp local; // a uniform local, else null
  int sign;
};
static void signedTerms(Value v, int sign, unsigned depth, std::vector<SignedTerm> &out) {
  Operation *d = v.getDefiningOp();
  auto leaf = [&] {
    memref::AllocaOp a = localOf(v);
    out.push_back({scalarKey(v), uniformLocal(a) ? a : memref::AllocaOp(), sign});
  };
  if (!d || depth > 12 || isa<memref::LoadOp>(d))
    return leaf();
  if (isa<arith::SubIOp>(d)) {
    signedTerms(d->getOperand(0), sign, depth + 1, out);
    signedTerms(d->getOperand(1), -sign, depth + 1, out);
  } else if (isa<arith::AddIOp>(d)) {
    signedTerms(d->getOperand(0), sign, depth + 1, out);
    signedTerms(d->getOperand(1), sign, depth + 1, out);
  } else if (isMinMax(d) || isa<arith::IndexCastOp, arith::ExtSIOp, arith::TruncIOp>(d)) {
    for (Value o : d->getOperands())
      if (!isConstant(o))
        signedTerms(o, sign, depth + 1, out);
  } else {
    leaf();
  }
}

static void windowHalves(SuspectContext &ctx) {
  // The window's two ends: stored (`j0 = max(c - before, 0)`), compared
  // (`t <= min(i + right, L - 1)`) or a loop's bounds.
  std::vector<std::pair<Operation *, std::vector<SignedTerm>>> ends;
  auto end = [&](Operation *op, Value v) {
    if (!v.getType().isSignlessInteger() && !v.getType().isIndex())
      return;
    std::vector<SignedTerm> t;
    signedTerms(v, 1, 0, t);
    if (t.size() >= 2 && t.size() <= 4)
      ends.push_back({op, std::move(t)});
  };
  ctx.func.walk([&](Operation *op) {
    if (auto st = dyn_cast<memref::StoreOp>(op)) {
      if (!localName(st.getMemref().getDefiningOp<memref::AllocaOp>()).empty())
        end(op, st.getValueToStore());
    } else if (isa<arith::CmpIOp>(op)) {
      end(op, op->getOperand(0));
      end(op, op->getOperand(1));
    } else if (auto f = dyn_cast<scf::ForOp>(op)) {
      end(op, f.getLowerBound());
      end(op, f.getUpperBound());
    }
  });
  std::set<std::pair<Operation *, Operation *>> done;
  for (auto &[lo, tl] : ends)
    for (auto &[hi, th] : ends) {
      if (ctx.haveEvidence && !ctx.bad.contains(lo) && !ctx.bad.contains(hi))
        continue;
      for (const SignedTerm &a : tl)
        for (const SignedTerm &b : th) {
          if (!a.local || !b.local || a.sign != -1 || b.sign != 1 || a.local == b.local)
            continue;
          // The same centre, added at both ends (`c`).
          bool centred = llvm::any_of(tl, [&](const SignedTerm &x) {
            return !x.local && x.sign == 1 && llvm::any_of(th, [&](const SignedTerm &y) {
              return !y.local && y.sign == 1 && y.key == x.key;
            });
          });
          memref::StoreOp da = storesOf(a.local)[0], db = storesOf(b.local)[0];
          if (!centred ||
              expressionShape(da.getValueToStore()) == expressionShape(db.getValueToStore()) ||
              !done.insert({a.local, b.local}).second)
            continue;
          // At the first half-width's definition: one edit for every read.
          ctx.add(da, "window-halves", 3.0,
                  llvm::formatv("the window runs from '{0}' below to '{1}' above, two "
                                "half-widths computed differently: for an even window the two "
                                "in each other's place?",
                                localName(a.local), localName(b.local))
                      .str(),
                  lo);
          ctx.setHint(da, "window-halves",
                      llvm::formatv("kind=exchange operand=var:{0} with=var:{1}",
                                    localName(a.local), localName(b.local))
                          .str(),
                      /*keepFirst=*/true);
        }
    }
}

void suspects::windowModels(SuspectContext &ctx) {
  unrollTails(ctx);
  windowHalves(ctx);
  std::map<Operation *, unsigned> order;
  ctx.func.walk<WalkOrder::PreOrder>([&](Operation *op) { order[op] = order.size(); });
  auto line = [](Operation *op) {
    auto flc = findFileLineCol(op->getLoc());
    return flc ? flc->getLine() : 0u;
  };

  // A read of a clipped bound in the value of another bound that is itself
  // clipped afterwards (`e = s + K; e = min(e, L)` after `s = max(s, 0)`).
  ctx.func.walk([&](memref::AllocaOp s) {
    memref::StoreOp clip = selfClamp(s);
    if (!clip || localName(s).empty())
      return;
    for (Operation *u : s->getUsers()) {
      auto ld = dyn_cast<memref::LoadOp>(u);
      if (!ld || order[ld] <= order[clip] || !clip->getBlock()->findAncestorOpInBlock(*ld))
        continue;
      for (OpOperand &use : ld->getUses()) {
        Operation *user = use.getOwner();
        if (!ctx.bad.contains(user) || !isa<arith::AddIOp, arith::SubIOp>(user) ||
            !user->hasOneUse())
          continue;
        auto st = dyn_cast<memref::StoreOp>(*user->getUsers().begin());
        auto e = st ? st.getMemref().getDefiningOp<memref::AllocaOp>() : nullptr;
        memref::StoreOp eclip = e && e != s ? selfClamp(e) : memref::StoreOp();
        if (!eclip || order[eclip] <= order[st])
          continue;
        ctx.add(user, "clipped-window", 2.0,
                llvm::formatv("computes '{0}' from '{1}' after the clip of '{1}' at line {2}, "
                              "and clips '{0}' itself at line {3}: the window's other end "
                              "from the unclipped '{1}'?",
                              localName(e), localName(s), line(clip), line(eclip))
                    .str());
        ctx.setHint(user, "clipped-window",
                    llvm::formatv("kind=unclamp operand={0}", use.getOperandNumber()).str(),
                    /*keepFirst=*/true);
      }
    }
  });

  // A divisor that reads a clipped window or a conditional count.
  ctx.func.walk([&](Operation *div) {
    if (!isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp>(div) || !ctx.bad.contains(div))
      return;
    bool clipped = false, counted = false;
    std::string what;
    llvm::SmallVector<std::pair<Value, unsigned>> work{{div->getOperand(1), 0}};
    llvm::SmallPtrSet<Operation *, 16> seen;
    while (!work.empty()) {
      auto [v, depth] = work.pop_back_val();
      Operation *d = v.getDefiningOp();
      if (!d || depth > 8 || !seen.insert(d).second)
        continue;
      if (auto ld = dyn_cast<memref::LoadOp>(d)) {
        auto a = ld.getMemref().getDefiningOp<memref::AllocaOp>();
        if (!a || a.getType().getRank() != 0 || localName(a).empty())
          continue;
        if (isConditionalCount(a) && depth <= 2) {
          counted = true;
          what = localName(a).str();
          continue;
        }
        if (memref::StoreOp clip = selfClamp(a); clip && order[clip] < order[ld]) {
          clipped = true;
          what = localName(a).str();
          continue;
        }
        auto stores = storesOf(a);
        if (stores.size() == 1)
          work.push_back({stores[0].getValueToStore(), depth + 1});
        continue;
      }
      if (isa<arith::ArithDialect>(d->getDialect()))
        for (Value o : d->getOperands())
          work.push_back({o, depth + 1});
    }
    if (counted) {
      ctx.add(div, "clipped-window", 1.8,
              llvm::formatv("divides by '{0}', a count of the window's taps inside the input: "
                            "the whole window (count_include_pad)?",
                            what)
                  .str());
      ctx.setHint(div, "clipped-window", "kind=window operand=1", /*keepFirst=*/true);
    } else if (clipped) {
      ctx.add(div, "clipped-window", 1.8,
              llvm::formatv("divides by a size computed from '{0}' after its clip: the window "
                            "before the clip (count_include_pad)?",
                            what)
                  .str());
      ctx.setHint(div, "clipped-window", "kind=unclamp operand=1", /*keepFirst=*/true);
    }
  });
}
