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
  scf::ForOp loop;           ///< the sum loop
  memref::AllocaOp sum;      ///< the sum local
  memref::StoreOp acc;       ///< sum = sum + exp(v), in the loop body
  math::ExpOp term;          ///< exp(v) of the sum
  llvm::SetVector<Operation *> numerators; ///< other exps to shift
};

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
    return !st.empty() && llvm::all_of(st, [&](memref::StoreOp s) {
      return isReciprocal(s.getValue(), sum);
    });
  }
  auto div = r.getDefiningOp<arith::DivFOp>();
  return div && getConstFloat(div.getLhs()) && loadedVar(div.getRhs()) == sum;
}

/// Checks the use of a load of the sum (outside the accumulation) and
/// collects the exps it normalizes.
bool collectSumUse(Operation *user, Value sumLoad, Softmax &sm) {
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

std::optional<Softmax> matchSoftmax(memref::AllocaOp sum, std::string &why) {
  if (!isa<FloatType>(sum.getType().getElementType()))
    return std::nullopt;
  SmallVector<memref::StoreOp> stores = storesTo(sum);
  Softmax sm;
  sm.sum = sum;
  memref::StoreOp init;
  for (memref::StoreOp st : stores) {
    auto add = st.getValue().getDefiningOp<arith::AddFOp>();
    math::ExpOp e;
    if (add) {
      for (Value o : add->getOperands())
        if (loadedVar(o) == sum) {
          Value other = o == add.getLhs() ? add.getRhs() : add.getLhs();
          e = other.getDefiningOp<math::ExpOp>();
        }
    }
    if (e && !sm.acc) {
      sm.acc = st;
      sm.term = e;
    } else if (!init && getConstFloat(st.getValue())) {
      init = st;
    } else {
      return std::nullopt; // another write: not the simple normalizer
    }
  }
  if (!sm.acc || !init)
    return std::nullopt;
  sm.loop = dyn_cast<scf::ForOp>(sm.acc->getParentOp());
  if (!sm.loop || init->getBlock() != sm.loop->getBlock() || !init->isBeforeInBlock(sm.loop)) {
    why = "the sum is not accumulated at the top level of an scf.for after its initialization";
    return std::nullopt;
  }
  // exp(x - m): already shifted (by a max, or by whatever the author meant).
  if (sm.term.getOperand().getDefiningOp<arith::SubFOp>())
    return std::nullopt;
  if (!sm.term->hasOneUse() || !isPureBody(sm.loop, sum)) {
    why = "the sum loop does more than accumulate exp";
    return std::nullopt;
  }
  Block *block = sm.loop->getBlock();
  for (Operation *user : sum->getUsers()) {
    auto ld = dyn_cast<memref::LoadOp>(user);
    if (!ld)
      continue;
    if (ld->getParentOp() == sm.loop.getOperation()) {
      if (!llvm::all_of(ld->getUsers(), [&](Operation *u) {
            return u == sm.acc.getValue().getDefiningOp();
          })) {
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
      bool at = locMatches(sm->loop.getLoc(), loc) || locMatches(sm->term.getLoc(), loc) ||
                llvm::any_of(sm->numerators,
                             [&](Operation *e) { return locMatches(e->getLoc(), loc); });
      if (at)
        matches.push_back(std::move(*sm));
    });
    for (Softmax &sm : matches)
      rewrite(sm);
  }

  void rewrite(Softmax &sm) {
    Location l = sm.term.getLoc();
    Type ty = sm.sum.getType().getElementType();
    auto func = sm.loop->getParentOfType<gpu::GPUFuncOp>();
    auto mark = [&](Operation *op) { markRepaired(op, kPassArg); };
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
    IRMapping map;
    auto copy = cast<scf::ForOp>(b.clone(*sm.loop, map));
    mark(copy);
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
    ++numRewrites;
  }
};

} // namespace
