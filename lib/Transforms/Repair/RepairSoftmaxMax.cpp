//===- RepairSoftmaxMax.cpp - subtract the row max inside a softmax's exp -===//
//
// `sum += expf(x[j]); ... y[j] = expf(x[j]) / sum;` overflows for inputs above
// ~88. The repair computes `m = max(x[j])` with a copy of the sum loop (same
// iteration space) and shifts every exp of the normalization by it: numerator
// and denominator are both scaled by exp(-m), so the quotients are unchanged
// in exact arithmetic. It refuses when the sum or the exps have any other use.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "SoftmaxWeighted.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRSOFTMAXMAX
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-softmax-max";

struct Softmax {
  scf::ForOp loop;                         ///< the sum loop
  memref::AllocaOp sum;                    ///< the sum local
  memref::StoreOp acc;                     ///< sum = sum + exp(v), in the loop body
  math::ExpOp term;                        ///< exp(v) of the sum
  llvm::SetVector<Operation *> numerators; ///< other exps to shift
  SmallVector<math::LogOp> logs;           ///< log(sum): add the max back
  bool spread = false;                     ///< the loop's iterations are spread over threads
  /// The partial sums are combined by shuffles only (no __shared__ buffer)
  /// and the loop steps by a warp (32): the lanes of one warp share the range.
  bool warp = false;
};

/// `exp(v)`, possibly widened (`__half2float(hexp(v))`).
math::ExpOp asExp(Value v) {
  if (auto ext = v.getDefiningOp<arith::ExtFOp>())
    v = ext.getIn();
  return v.getDefiningOp<math::ExpOp>();
}

/// True when `v` is `asExp` of something and every op between the exp and
/// `v` has a single use.
bool isSingleUseExp(Value v) {
  math::ExpOp e = asExp(v);
  if (!e || !e->hasOneUse())
    return false;
  return e.getResult() == v || v.hasOneUse();
}

/// True when the body of `loop` can be run twice: no nested regions, no
/// writes except to rank-0 locals (its loop variable and `sum`).
bool isPureBody(scf::ForOp loop, memref::AllocaOp sum) {
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (op.getNumRegions())
      return false;
    if (auto st = dyn_cast<memref::StoreOp>(op)) {
      auto var = getVarAlloca(st.getMemref());
      if (!var)
        return false;
      // Only the sum, or a local that the body writes before reading (the
      // loop variable's alloca holds the induction variable).
      if (var != sum && st.getValue() != loop.getInductionVar())
        return false;
      continue;
    }
    if (isa<memref::LoadOp>(op) || isMemoryEffectFree(&op))
      continue;
    return false;
  }
  return true;
}

/// True when `r` is `c / sum` (c a constant), possibly read from a local
/// that only ever holds such a value.
bool isReciprocal(Value r, memref::AllocaOp sum) {
  if (auto var = loadedVar(r)) {
    SmallVector<memref::StoreOp> st = storesTo(var);
    return !st.empty() &&
           llvm::all_of(st, [&](memref::StoreOp s) { return isReciprocal(s.getValue(), sum); });
  }
  auto div = r.getDefiningOp<arith::DivFOp>();
  return div && getConstFloat(div.getLhs()) && loadedVar(div.getRhs()) == sum;
}

/// Checks the use of a load of the sum (outside the accumulation) and
/// collects the exps it normalizes.
bool collectSumUse(Operation *user, Value sumLoad, Softmax &sm) {
  if (auto log = dyn_cast<math::LogOp>(user)) {
    sm.logs.push_back(log);
    return true;
  }
  auto div = dyn_cast<arith::DivFOp>(user);
  if (!div || div.getRhs() != sumLoad)
    return false;
  if (getConstFloat(div.getLhs())) {
    // r = 1 / sum: every user of r (directly or through a local) multiplies
    // an exp.
    SmallVector<Value> rs{div.getResult()};
    for (OpOperand &u : div->getUses())
      if (auto st = dyn_cast<memref::StoreOp>(u.getOwner())) {
        auto var = getVarAlloca(st.getMemref());
        if (!var || u.getOperandNumber() != 0 || !isReciprocal(st.getValue(), sm.sum))
          return false;
        for (Operation *vu : var->getUsers())
          if (auto ld = dyn_cast<memref::LoadOp>(vu))
            rs.push_back(ld.getResult());
      }
    for (Value r : rs)
      for (Operation *ru : r.getUsers()) {
        if (isa<memref::StoreOp>(ru) && r == div.getResult())
          continue;
        auto mul = dyn_cast<arith::MulFOp>(ru);
        if (!mul)
          return false;
        Value other = mul.getLhs() == r ? mul.getRhs() : mul.getLhs();
        auto e = other.getDefiningOp<math::ExpOp>();
        if (!e)
          return false;
        sm.numerators.insert(e);
      }
    return true;
  }
  auto e = div.getLhs().getDefiningOp<math::ExpOp>();
  if (!e)
    return false;
  sm.numerators.insert(e);
  return true;
}

/// Follows the partial sum of a spread loop through its combination across
/// threads (adds of partial sums, shuffles, locals and __shared__ buffers) to
/// its uses, which must all be divisors of exps (directly or through a
/// reciprocal) or logs. Every value on the way is the true sum times the same
/// factor exp(-max) once the exps are shifted.
bool traceSum(Softmax &sm, std::string &why) {
  enum Kind { Sum, Recip };
  llvm::DenseMap<Value, Kind> memKind; // tainted locals and shared buffers
  llvm::DenseMap<Value, Kind> valKind;
  SmallVector<std::pair<Value, Kind>> work;
  auto taintMem = [&](Value m, Kind k) {
    auto [it, fresh] = memKind.try_emplace(m, k);
    if (!fresh)
      return it->second == k;
    for (Operation *u : m.getUsers())
      if (auto ld = dyn_cast<memref::LoadOp>(u); ld && ld.getMemref() == m)
        work.push_back({ld.getResult(), k});
    return true;
  };
  auto fail = [&](StringRef msg) {
    why = msg.str();
    return false;
  };
  SmallVector<arith::AddFOp> adds;
  bool shuffled = false;
  taintMem(sm.sum.getResult(), Sum);
  Operation *accAdd = sm.acc.getValue().getDefiningOp();
  for (unsigned steps = 0; !work.empty(); ++steps) {
    if (steps > 4096)
      return fail("the sum flows through too many values");
    auto [v, k] = work.pop_back_val();
    auto [it, fresh] = valKind.try_emplace(v, k);
    if (!fresh) {
      if (it->second != k)
        return fail("a value mixes the sum and its reciprocal");
      continue;
    }
    for (OpOperand &use : v.getUses()) {
      Operation *u = use.getOwner();
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        if (use.getOperandNumber() != 0)
          return fail("the sum is used as an address");
        if (isGlobalMemref(st.getMemref()))
          return fail("the sum (or its reciprocal) is written to global memory");
        if (!taintMem(st.getMemref(), k))
          return fail("a buffer holds both the sum and its reciprocal");
        continue;
      }
      if (isa<memref::LoadOp>(u))
        return fail("the sum is used as an address");
      if (isa<arith::ExtFOp, arith::TruncFOp>(u)) {
        work.push_back({u->getResult(0), k});
        continue;
      }
      if (auto sh = dyn_cast<gpu::ShuffleOp>(u)) {
        if (use.getOperandNumber() != 0)
          return fail("the sum is used as a shuffle lane");
        shuffled = true;
        work.push_back({sh.getShuffleResult(), k});
        continue;
      }
      if (auto add = dyn_cast<arith::AddFOp>(u)) {
        // Partial sums combined with partial sums (checked below) or the
        // loop's own term.
        if (k != Sum)
          return fail("the reciprocal of the sum is added to something");
        if (u != accAdd)
          adds.push_back(add);
        work.push_back({add.getResult(), Sum});
        continue;
      }
      if (auto log = dyn_cast<math::LogOp>(u)) {
        if (k != Sum)
          return fail("log of the reciprocal");
        sm.logs.push_back(log);
        continue;
      }
      if (auto div = dyn_cast<arith::DivFOp>(u); div && k == Sum && div.getRhs() == v) {
        if (getConstFloat(div.getLhs())) {
          work.push_back({div.getResult(), Recip});
          continue;
        }
        if (!isSingleUseExp(div.getLhs()))
          return fail("the sum divides something other than an exp");
        sm.numerators.insert(asExp(div.getLhs()));
        continue;
      }
      if (auto mul = dyn_cast<arith::MulFOp>(u); mul && k == Recip) {
        Value other = mul.getLhs() == v ? mul.getRhs() : mul.getLhs();
        if (!isSingleUseExp(other))
          return fail("the reciprocal multiplies something other than an exp");
        sm.numerators.insert(asExp(other));
        continue;
      }
      return fail("the sum is used other than as a divisor of exp");
    }
  }
  for (arith::AddFOp add : adds)
    for (Value o : add->getOperands()) {
      auto it = valKind.find(o);
      if (it == valKind.end() || it->second != Sum)
        return fail("a partial sum is added to something else");
    }
  // Every value stored into a tainted buffer must itself be tainted (or a
  // 0 that starts a partial sum).
  for (auto &[m, k] : memKind)
    for (Operation *u : m.getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemref() == m) {
        std::optional<double> c = getConstFloat(st.getValue());
        if (!valKind.count(st.getValue()) && !(k == Sum && c && *c == 0.0))
          return fail("a buffer of partial sums also holds other values");
      }
  if (sm.numerators.empty() && sm.logs.empty())
    return fail("the sum normalizes no exp");
  // Combined within a warp: shuffles, no __shared__ buffer, a loop over the
  // warp's lanes (step 32).
  bool shared = llvm::any_of(memKind, [](auto &mk) { return isSharedMemref(mk.first); });
  std::optional<int64_t> step = getConstInt(sm.loop.getStep());
  sm.warp = shuffled && !shared && step && *step == 32;
  return true;
}

std::optional<Softmax> matchSoftmax(memref::AllocaOp sum, std::string &why) {
  if (!isa<FloatType>(sum.getType().getElementType()))
    return std::nullopt;
  SmallVector<memref::StoreOp> stores = storesTo(sum);
  Softmax sm;
  sm.sum = sum;
  memref::StoreOp init;
  SmallVector<memref::StoreOp> others;
  for (memref::StoreOp st : stores) {
    auto add = st.getValue().getDefiningOp<arith::AddFOp>();
    math::ExpOp e;
    if (add) {
      for (Value o : add->getOperands())
        if (loadedVar(o) == sum) {
          Value other = o == add.getLhs() ? add.getRhs() : add.getLhs();
          e = asExp(other);
        }
    }
    if (e && !sm.acc) {
      sm.acc = st;
      sm.term = e;
    } else if (!init && getConstFloat(st.getValue())) {
      init = st;
    } else {
      others.push_back(st); // allowed only when threads combine their sums
    }
  }
  if (!sm.acc || !init)
    return std::nullopt;
  sm.loop = dyn_cast<scf::ForOp>(sm.acc->getParentOp());
  if (!sm.loop || init->getBlock() != sm.loop->getBlock() || !init->isBeforeInBlock(sm.loop)) {
    why = "the sum is not accumulated at the top level of an scf.for after its initialization";
    return std::nullopt;
  }
  if (!others.empty() && !isThreadDependent(sm.loop.getLowerBound()))
    return std::nullopt; // another write: not the simple normalizer
  // exp(x - m): already shifted (by a max, or by whatever the author meant).
  if (sm.term.getOperand().getDefiningOp<arith::SubFOp>())
    return std::nullopt;
  if (!sm.term->hasOneUse() || !isPureBody(sm.loop, sum)) {
    why = "the sum loop does more than accumulate exp";
    return std::nullopt;
  }
  // Iterations spread over the threads (`for (c = tid; c < n; c += blockDim.x)`):
  // the partial sums are combined across threads before they are used.
  if (isThreadDependent(sm.loop.getLowerBound())) {
    sm.spread = true;
    // Other writes of the sum must come after its loop (the combination
    // across threads); traceSum checks what they write.
    Block *block = sm.loop->getBlock();
    for (memref::StoreOp st : others) {
      Operation *top = ancestorIn(block, st);
      if (!top || !sm.loop->isBeforeInBlock(top)) {
        why = "the sum is written before or around its loop";
        return std::nullopt;
      }
    }
    if (!traceSum(sm, why))
      return std::nullopt;
    return sm;
  }
  Block *block = sm.loop->getBlock();
  for (Operation *user : sum->getUsers()) {
    auto ld = dyn_cast<memref::LoadOp>(user);
    if (!ld)
      continue;
    if (ld->getParentOp() == sm.loop.getOperation()) {
      if (!llvm::all_of(ld->getUsers(),
                        [&](Operation *u) { return u == sm.acc.getValue().getDefiningOp(); })) {
        why = "the sum is read inside its loop";
        return std::nullopt;
      }
      continue;
    }
    Operation *top = ancestorIn(block, ld);
    if (!top || !sm.loop->isBeforeInBlock(top)) {
      why = "the sum is read outside the code that follows its loop";
      return std::nullopt;
    }
    for (Operation *u : ld->getUsers())
      if (!collectSumUse(u, ld.getResult(), sm)) {
        why = "the sum is used other than as a divisor of exp";
        return std::nullopt;
      }
  }
  for (Operation *e : sm.numerators) {
    Operation *top = ancestorIn(block, e);
    if (!top || !sm.loop->isBeforeInBlock(top)) {
      why = "a normalized exp is not after the sum loop";
      return std::nullopt;
    }
    for (Operation *u : e->getUsers()) {
      bool ok = false;
      if (auto div = dyn_cast<arith::DivFOp>(u))
        ok = div.getLhs() == e->getResult(0) && loadedVar(div.getRhs()) == sum;
      else if (auto mul = dyn_cast<arith::MulFOp>(u))
        ok = isReciprocal(mul.getLhs() == e->getResult(0) ? mul.getRhs() : mul.getLhs(), sum);
      if (!ok) {
        why = "a normalized exp has another use";
        return std::nullopt;
      }
    }
  }
  return sm;
}

/// The value of `v` in thread 0 of block 0: thread and block ids become 0,
/// locals written once are followed to their value. Ops that do not depend
/// on an id are reused (they dominate the loop that `v` bounds). Null when
/// `v` depends on something that cannot be recomputed.
Value atOrigin(Value v, OpBuilder &b, llvm::DenseMap<Value, Value> &memo, unsigned depth = 0) {
  if (auto it = memo.find(v); it != memo.end())
    return it->second;
  Operation *d = v.getDefiningOp();
  if (!d || depth > 32)
    return d ? Value() : v;
  Value out;
  if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::GlobalIdOp>(d)) {
    out = arith::ConstantOp::create(b, d->getLoc(), b.getIndexAttr(0));
    markRepaired(out.getDefiningOp(), kPassArg);
  } else if (auto var = loadedVar(v)) {
    // A local written once, by a store that dominates the load.
    SmallVector<memref::StoreOp> st = storesTo(var);
    if (st.size() != 1)
      return Value();
    Operation *top = st[0]->getBlock()->findAncestorOpInBlock(*d);
    if (!top || !st[0]->isBeforeInBlock(top))
      return Value();
    out = atOrigin(st[0].getValue(), b, memo, depth + 1);
  } else if (isa<memref::LoadOp>(d)) {
    out = v; // a value read from memory before the loop
  } else if (d->getNumRegions() || !isMemoryEffectFree(d) || d->getNumResults() != 1) {
    return Value();
  } else {
    SmallVector<Value> ops;
    bool same = true;
    for (Value o : d->getOperands()) {
      Value n = atOrigin(o, b, memo, depth + 1);
      if (!n)
        return Value();
      same &= n == o;
      ops.push_back(n);
    }
    if (same) {
      out = v;
    } else {
      Operation *c = b.clone(*d);
      c->setOperands(ops);
      markRepaired(c, kPassArg);
      out = c->getResult(0);
    }
  }
  if (out)
    memo[v] = out;
  return out;
}

struct RepairSoftmaxMaxPass : public kfix::impl::RepairSoftmaxMaxBase<RepairSoftmaxMaxPass> {
  using RepairSoftmaxMaxBase::RepairSoftmaxMaxBase;

  void runOnOperation() override {
    bool aimed = !StringRef(loc).trim().empty();
    SmallVector<Softmax> matches;
    getOperation().walk([&](memref::AllocaOp var) {
      if (!var->hasAttr("kfix.var") || var.getType().getRank() != 0)
        return;
      std::string why;
      std::optional<Softmax> sm = matchSoftmax(var, why);
      if (!sm) {
        if (aimed && !why.empty())
          var.emitWarning() << kPassArg << ": not applied: " << why;
        return;
      }
      bool at =
          locMatches(sm->loop.getLoc(), loc) || locMatches(sm->term.getLoc(), loc) ||
          llvm::any_of(sm->numerators, [&](Operation *e) { return locMatches(e->getLoc(), loc); });
      if (at)
        matches.push_back(std::move(*sm));
    });
    for (Softmax &sm : matches)
      rewrite(sm);
    // A pairwise log-add-exp (a scan's or a merge's combine):
    // log(exp(a) + exp(b)).
    SmallVector<math::LogOp> pairs;
    getOperation().walk([&](math::LogOp lg) {
      auto add = lg.getOperand().getDefiningOp<arith::AddFOp>();
      if (!add || !add->hasOneUse())
        return;
      auto ea = add.getLhs().getDefiningOp<math::ExpOp>(),
           eb = add.getRhs().getDefiningOp<math::ExpOp>();
      if (!ea || !eb || !ea->hasOneUse() || !eb->hasOneUse())
        return;
      if (!aimed || llvm::any_of(SmallVector<Operation *>{lg, add, ea, eb},
                                 [&](Operation *o) { return locMatches(o->getLoc(), loc); }))
        pairs.push_back(lg);
    });
    for (math::LogOp lg : pairs)
      rewritePair(lg);
    // The fused form: one exp feeding several accumulators whose ratio is
    // the result (SoftmaxWeighted.cpp).
    numRewrites += repairWeightedSoftmax(getOperation(), loc, kPassArg);
  }

  /// log(exp(a) + exp(b)) -> m + log(exp(a - m) + exp(b - m)), m = max(a, b);
  /// a == b (both -inf: the identity of the combine) gives a + log 2.
  void rewritePair(math::LogOp lg) {
    auto add = lg.getOperand().getDefiningOp<arith::AddFOp>();
    auto ea = add.getLhs().getDefiningOp<math::ExpOp>(),
         eb = add.getRhs().getDefiningOp<math::ExpOp>();
    Value a = ea.getOperand(), b = eb.getOperand();
    auto ft = dyn_cast<FloatType>(a.getType());
    if (!ft)
      return;
    OpBuilder bld(lg);
    Location l = lg.getLoc();
    auto mark = [&](Value v) {
      markRepaired(v.getDefiningOp(), kPassArg);
      return v;
    };
    Value m = mark(arith::MaxNumFOp::create(bld, l, a, b));
    Value da = mark(arith::SubFOp::create(bld, ea.getLoc(), a, m));
    Value db = mark(arith::SubFOp::create(bld, eb.getLoc(), b, m));
    Value xa = mark(math::ExpOp::create(bld, ea.getLoc(), da));
    Value xb = mark(math::ExpOp::create(bld, eb.getLoc(), db));
    Value sum = mark(arith::AddFOp::create(bld, add.getLoc(), xa, xb));
    Value lsum = mark(math::LogOp::create(bld, l, sum));
    Value r0 = mark(arith::AddFOp::create(bld, l, m, lsum));
    Value ln2 = arith::ConstantOp::create(bld, l, FloatAttr::get(ft, 0.69314718055994530942));
    Value twice = mark(arith::AddFOp::create(bld, l, a, ln2));
    Value same = mark(arith::CmpFOp::create(bld, l, arith::CmpFPredicate::OEQ, a, b));
    Value r = mark(arith::SelectOp::create(bld, l, same, twice, r0));
    lg.getResult().replaceAllUsesWith(r);
    lg.erase();
    add.erase();
    ea.erase();
    eb.erase();
  }

  void rewrite(Softmax &sm) {
    Location l = sm.term.getLoc();
    // The max has the type of the exps' argument (the sum may be wider).
    Type ty = sm.term.getOperand().getType();
    auto func = sm.loop->getParentOfType<gpu::GPUFuncOp>();
    auto mark = [&](Operation *op) { markRepaired(op, kPassArg); };

    // A spread loop computes, in every thread, the max over the whole range
    // that the threads share: from the start of thread 0 of block 0, step 1.
    // The same value in every thread, so every partial sum is scaled by the
    // same exp(-max) before they are combined.
    // Within a warp (a loop over its lanes, partial sums combined by
    // shuffles): each lane takes the max of its own elements and a butterfly
    // of xor shuffles gives every lane the warp's max, in parallel.
    bool warpMax = sm.spread && sm.warp && ty.isF32();
    Value start;
    if (sm.spread && !warpMax) {
      OpBuilder sb(sm.loop);
      llvm::DenseMap<Value, Value> memo;
      start = atOrigin(sm.loop.getLowerBound(), sb, memo);
      if (!start) {
        sm.loop.emitWarning()
            << kPassArg << ": not applied: the loop's start cannot be recomputed for thread 0";
        return;
      }
    }
    OpBuilder ab = OpBuilder::atBlockBegin(&func.getBody().front());
    auto mx = memref::AllocaOp::create(ab, l, MemRefType::get({}, ty));
    mx->setAttr("kfix.var", ab.getStringAttr("__kfix_max"));
    mark(mx);

    // __kfix_max = -inf; for (same) __kfix_max = fmaxf(__kfix_max, v);
    OpBuilder b(sm.loop);
    auto ninf = arith::ConstantOp::create(
        b, l, b.getFloatAttr(ty, -std::numeric_limits<double>::infinity()));
    mark(ninf);
    mark(memref::StoreOp::create(b, l, ninf, mx.getResult(), ValueRange{}));
    Value one;
    if (sm.spread && !warpMax) {
      one = arith::ConstantOp::create(b, l, b.getIntegerAttr(start.getType(), 1));
      mark(one.getDefiningOp());
    }
    IRMapping map;
    auto copy = cast<scf::ForOp>(b.clone(*sm.loop, map));
    mark(copy);
    if (sm.spread && !warpMax) {
      copy.setLowerBound(start);
      copy.setStep(one);
    }
    if (warpMax) {
      // __kfix_max = fmaxf(__kfix_max, __shfl_xor_sync(full, __kfix_max, o)),
      // o = 16, 8, 4, 2, 1, after the lanes' loop.
      OpBuilder wb(copy->getContext());
      wb.setInsertionPointAfter(copy);
      auto width = arith::ConstantOp::create(wb, l, wb.getI32IntegerAttr(32));
      mark(width);
      for (int o = 16; o > 0; o /= 2) {
        auto off = arith::ConstantOp::create(wb, l, wb.getI32IntegerAttr(o));
        auto cur = memref::LoadOp::create(wb, l, mx.getResult(), ValueRange{});
        auto sh = gpu::ShuffleOp::create(wb, l, cur, off, width, gpu::ShuffleMode::XOR);
        auto m = arith::MaxNumFOp::create(wb, l, cur, sh.getShuffleResult());
        auto st = memref::StoreOp::create(wb, l, m, mx.getResult(), ValueRange{});
        for (Operation *x : {off.getOperation(), cur.getOperation(), sh.getOperation(),
                             m.getOperation(), st.getOperation()})
          mark(x);
      }
    }
    auto acc = cast<memref::StoreOp>(map.lookup(sm.acc.getOperation()));
    Value v = map.lookup(sm.term.getOperand());
    OpBuilder cb(acc);
    auto cur = memref::LoadOp::create(cb, l, mx.getResult(), ValueRange{});
    auto m = arith::MaxNumFOp::create(cb, l, cur, v);
    auto st = memref::StoreOp::create(cb, acc.getLoc(), m, mx.getResult(), ValueRange{});
    mark(cur);
    mark(m);
    mark(st);
    Operation *oldAdd = acc.getValue().getDefiningOp();
    acc.erase();
    SmallVector<Operation *> dead{oldAdd};
    while (!dead.empty()) {
      Operation *op = dead.pop_back_val();
      if (!op || !op->use_empty())
        continue;
      for (Value o : op->getOperands())
        if (Operation *d = o.getDefiningOp(); d && d->getBlock() == copy.getBody())
          dead.push_back(d);
      op->erase();
    }

    // exp(w) -> exp(w - __kfix_max) for the sum's term and every numerator.
    SmallVector<Operation *> exps{sm.term};
    exps.append(sm.numerators.begin(), sm.numerators.end());
    for (Operation *e : exps) {
      OpBuilder eb(e);
      auto ld = memref::LoadOp::create(eb, e->getLoc(), mx.getResult(), ValueRange{});
      auto sub = arith::SubFOp::create(eb, e->getLoc(), e->getOperand(0), ld);
      mark(ld);
      mark(sub);
      e->setOperand(0, sub);
      mark(e);
    }
    // log(sum * exp(-max)) + max == log(sum).
    for (math::LogOp log : sm.logs) {
      OpBuilder lb(log->getContext());
      lb.setInsertionPointAfter(log);
      Value m = memref::LoadOp::create(lb, log.getLoc(), mx.getResult(), ValueRange{});
      mark(m.getDefiningOp());
      if (m.getType() != log.getType()) {
        m = arith::ExtFOp::create(lb, log.getLoc(), log.getType(), m);
        mark(m.getDefiningOp());
      }
      auto add = arith::AddFOp::create(lb, log.getLoc(), log.getResult(), m);
      mark(add);
      log.getResult().replaceAllUsesExcept(add.getResult(), add);
    }
    ++numRewrites;
  }
};

} // namespace
