//===- SoftmaxWeighted.cpp - exp-weighted ratios without the max ----------===//
//
// The fused form of a softmax without its max (kfix-repair-softmax-max):
//
//   float num = 0, den = 0;
//   for (...) for (...) { float e = expf(x); num += e * v; den += e; }
//   y = num / den;
//
// (SoftPool, attention with one pass over the keys, softmax-weighted means).
// Every accumulator is a sum of `exp(x) * w`, so shifting the exp by any m
// scales all of them by exp(-m): their ratios are unchanged, `log(den) + m`
// is log(den), and a comparison with 0 keeps its sign. The repair computes
// m = max(x) with a copy of the loop nest (its accumulations removed) and
// rewrites exp(x) to exp(x - m). It refuses when the nest writes anything but
// locals private to it, or when an accumulator has any other use.
//
//===----------------------------------------------------------------------===//
#include "SoftmaxWeighted.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <limits>
#include <string>

using namespace mlir;

namespace {

struct Weighted {
  math::ExpOp exp;
  scf::ForOp nest;                             ///< outermost loop, beside the inits
  llvm::SetVector<memref::AllocaOp> accs;      ///< the accumulators
  llvm::SetVector<Operation *> accStores;      ///< acc = acc + e * w (in the nest)
  llvm::SetVector<Operation *> accOps;         ///< the adds / fmas of those stores
  llvm::SetVector<memref::AllocaOp> expLocals; ///< locals holding the exp
  SmallVector<math::LogOp> logs;
};

bool isLocal(memref::AllocaOp a) {
  return a && a->hasAttr("kfix.var") && a.getType().getRank() == 0;
}

/// Records `st` (storing `op`, which reads `accLoad`) as an accumulation.
bool recordAcc(Weighted &w, Operation *op, Value accLoad) {
  memref::AllocaOp acc = kfix::loadedVar(accLoad);
  if (!isLocal(acc) || !isa<FloatType>(acc.getType().getElementType()) || !op->hasOneUse())
    return false;
  auto st = dyn_cast<memref::StoreOp>(*op->getUsers().begin());
  if (!st || st.getValue() != op->getResult(0) || kfix::getVarAlloca(st.getMemref()) != acc)
    return false;
  w.accs.insert(acc);
  w.accStores.insert(st);
  w.accOps.insert(op);
  return true;
}

bool onlyReads(Operation *op) {
  auto mi = dyn_cast<MemoryEffectOpInterface>(op);
  if (!mi)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  mi.getEffects(effects);
  return llvm::all_of(effects, [](auto &e) { return isa<MemoryEffects::Read>(e.getEffect()); });
}

bool match(math::ExpOp e, Weighted &w, std::string &why) {
  auto fail = [&](StringRef msg) {
    why = msg.str();
    return false;
  };
  if (e.getOperand().getDefiningOp<arith::SubFOp>())
    return false; // already shifted
  w.exp = e;
  // The exp's value, through widening and locals, must only feed
  // accumulations: acc + t, acc + t * w, fma(t, w, acc).
  llvm::DenseSet<Value> expVals;
  SmallVector<Value> work{e.getResult()};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!expVals.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *u = use.getOwner();
      if (isa<arith::ExtFOp>(u)) {
        work.push_back(u->getResult(0));
        continue;
      }
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        memref::AllocaOp t = kfix::getVarAlloca(st.getMemref());
        if (!isLocal(t) || use.getOperandNumber() != 0)
          return fail("the exp is stored other than in a local");
        if (w.expLocals.insert(t))
          for (Operation *tu : t->getUsers())
            if (auto ld = dyn_cast<memref::LoadOp>(tu))
              work.push_back(ld.getResult());
        continue;
      }
      if (auto add = dyn_cast<arith::AddFOp>(u)) {
        Value acc = add.getLhs() == v ? add.getRhs() : add.getLhs();
        if (!recordAcc(w, add, acc))
          return fail("the exp is added to something other than an accumulator");
        continue;
      }
      if (auto mul = dyn_cast<arith::MulFOp>(u)) {
        if (!mul->hasOneUse())
          return fail("a weighted exp has several uses");
        auto add = dyn_cast<arith::AddFOp>(*mul->getUsers().begin());
        if (!add)
          return fail("a weighted exp is not accumulated");
        Value acc = add.getLhs() == mul.getResult() ? add.getRhs() : add.getLhs();
        if (!recordAcc(w, add, acc))
          return fail("a weighted exp is added to something other than an accumulator");
        w.accOps.insert(mul);
        continue;
      }
      if (auto fma = dyn_cast<math::FmaOp>(u)) {
        if (use.getOperandNumber() == 2 || !recordAcc(w, fma, fma.getOperand(2)))
          return fail("the exp is fused into something other than an accumulator");
        continue;
      }
      return fail("the exp has a use other than an accumulation");
    }
  }
  for (memref::AllocaOp t : w.expLocals)
    for (memref::StoreOp st : kfix::storesTo(t))
      if (!expVals.count(st.getValue()))
        return fail("a local holding the exp also holds other values");
  if (w.accs.empty())
    return fail("the exp is not accumulated");
  // One initialization to 0 per accumulator, all in one block, before the
  // nest that holds the exp.
  Block *block = nullptr;
  SmallVector<memref::StoreOp> inits;
  for (memref::AllocaOp acc : w.accs) {
    memref::StoreOp init;
    for (memref::StoreOp st : kfix::storesTo(acc)) {
      if (w.accStores.contains(st))
        continue;
      std::optional<double> c = kfix::getConstFloat(st.getValue());
      if (init || !c || *c != 0.0)
        return fail("an accumulator is written other than by its accumulation");
      init = st;
    }
    if (!init)
      return fail("an accumulator has no initialization");
    if (block && init->getBlock() != block)
      return fail("the accumulators start in different blocks");
    block = init->getBlock();
    inits.push_back(init);
  }
  w.nest = dyn_cast_or_null<scf::ForOp>(kfix::ancestorIn(block, e));
  if (!w.nest)
    return fail("the exp is not in a loop after the accumulators' initialization");
  for (memref::StoreOp init : inits)
    if (!init->isBeforeInBlock(w.nest))
      return fail("an accumulator is initialized after its loop");
  for (Operation *st : w.accStores)
    if (kfix::ancestorIn(block, st) != w.nest.getOperation())
      return fail("an accumulation is outside the loop of the exp");
  // Reads of the accumulators: their accumulation inside the nest; after it,
  // ratios of accumulators, logs, and comparisons with 0.
  auto isAccLoad = [&](Value v) {
    memref::AllocaOp a = kfix::loadedVar(v);
    return a && w.accs.contains(a);
  };
  for (memref::AllocaOp acc : w.accs)
    for (Operation *u : acc->getUsers()) {
      auto ld = dyn_cast<memref::LoadOp>(u);
      if (!ld)
        continue;
      Operation *top = kfix::ancestorIn(block, ld);
      if (top == w.nest.getOperation()) {
        if (!llvm::all_of(ld->getUsers(), [&](Operation *x) { return w.accOps.contains(x); }))
          return fail("an accumulator is read inside the loop");
        continue;
      }
      if (!top || !w.nest->isBeforeInBlock(top))
        return fail("an accumulator is read before its loop");
      for (Operation *x : ld->getUsers()) {
        if (auto div = dyn_cast<arith::DivFOp>(x);
            div && isAccLoad(div.getLhs()) && isAccLoad(div.getRhs()))
          continue;
        if (auto log = dyn_cast<math::LogOp>(x)) {
          w.logs.push_back(log);
          continue;
        }
        if (auto cmp = dyn_cast<arith::CmpFOp>(x)) {
          Value o = cmp.getLhs() == ld.getResult() ? cmp.getRhs() : cmp.getLhs();
          std::optional<double> c = kfix::getConstFloat(o);
          if (c && *c == 0.0)
            continue;
        }
        return fail("an accumulator is used other than in a ratio of accumulators");
      }
    }
  if (w.accs.size() < 2 && w.logs.empty())
    return fail("nothing normalizes the exp");
  // The nest can run twice: it writes only its accumulators and locals that
  // are written and read nowhere else.
  bool pure = true;
  w.nest->walk([&](Operation *op) {
    if (op == w.nest.getOperation() || !pure)
      return;
    if (auto st = dyn_cast<memref::StoreOp>(op)) {
      if (w.accStores.contains(op))
        return;
      memref::AllocaOp t = kfix::getVarAlloca(st.getMemref());
      if (!isLocal(t) || w.accs.contains(t)) {
        pure = false;
        return;
      }
      for (Operation *tu : t->getUsers())
        if (!w.nest->isAncestor(tu))
          pure = false;
      return;
    }
    if (isa<gpu::BarrierOp>(op) ||
        (!op->getNumRegions() && !op->hasTrait<OpTrait::IsTerminator>() &&
         !isMemoryEffectFree(op) && !onlyReads(op)))
      pure = false;
  });
  if (!pure)
    return fail("the loop does more than accumulate the exp");
  return true;
}

std::string freshName(gpu::GPUFuncOp func, StringRef base) {
  llvm::StringSet<> used;
  func.walk([&](memref::AllocaOp a) {
    if (auto n = a->getAttrOfType<StringAttr>("kfix.var"))
      used.insert(n.getValue());
  });
  std::string name = base.str();
  for (unsigned i = 1; used.contains(name); ++i)
    name = (base + Twine(i)).str();
  return name;
}

void rewrite(Weighted &w, StringRef passArg) {
  auto mark = [&](Operation *op) { kfix::markRepaired(op, passArg); };
  math::ExpOp e = w.exp;
  Location l = e.getLoc();
  Type ty = e.getOperand().getType();
  auto func = w.nest->getParentOfType<gpu::GPUFuncOp>();
  OpBuilder ab = OpBuilder::atBlockBegin(&func.getBody().front());
  auto mx = memref::AllocaOp::create(ab, l, MemRefType::get({}, ty));
  mx->setAttr("kfix.var", ab.getStringAttr(freshName(func, "__kfix_max")));
  mark(mx);

  // __kfix_max = -inf; <the nest, each exp's argument folded into the max>
  OpBuilder b(w.nest);
  auto ninf =
      arith::ConstantOp::create(b, l, b.getFloatAttr(ty, -std::numeric_limits<double>::infinity()));
  mark(ninf);
  mark(memref::StoreOp::create(b, l, ninf, mx.getResult(), ValueRange{}));
  IRMapping map;
  auto copy = cast<scf::ForOp>(b.clone(*w.nest, map));
  mark(copy);
  auto ce = cast<math::ExpOp>(map.lookup(e.getOperation()));
  OpBuilder cb(ce);
  auto cur = memref::LoadOp::create(cb, l, mx.getResult(), ValueRange{});
  auto m = arith::MaxNumFOp::create(cb, l, cur, ce.getOperand());
  auto st = memref::StoreOp::create(cb, l, m, mx.getResult(), ValueRange{});
  mark(cur);
  mark(m);
  mark(st);
  // The copy keeps no accumulation and no write of the exp's locals.
  SmallVector<Operation *> dead;
  for (Operation *s : w.accStores)
    dead.push_back(map.lookup(s));
  copy->walk([&](memref::StoreOp s) {
    memref::AllocaOp t = kfix::getVarAlloca(s.getMemref());
    if (t && w.expLocals.contains(t))
      dead.push_back(s);
  });
  while (!dead.empty()) {
    Operation *op = dead.pop_back_val();
    if (!op || !op->use_empty())
      continue;
    SmallVector<Value> operands(op->getOperands());
    op->erase();
    for (Value o : operands)
      if (Operation *d = o.getDefiningOp(); d && copy->isAncestor(d) && d->use_empty() &&
                                            (isMemoryEffectFree(d) || isa<memref::LoadOp>(d)))
        dead.push_back(d);
  }

  // The locals private to the nest (match checked that nothing outside it
  // uses them) get their own copies: the copy runs outside the scope the
  // source declares them in.
  llvm::DenseMap<Value, Value> fresh;
  w.nest->walk([&](memref::StoreOp s) {
    memref::AllocaOp t = kfix::getVarAlloca(s.getMemref());
    if (t && !w.accs.contains(t) && !fresh.count(t.getResult())) {
      auto c = cast<memref::AllocaOp>(ab.clone(*t));
      mark(c);
      fresh[t.getResult()] = c.getResult();
    }
  });
  copy->walk([&](Operation *op) {
    for (OpOperand &o : op->getOpOperands())
      if (auto it = fresh.find(o.get()); it != fresh.end())
        o.set(it->second);
  });
  // exp(x) -> exp(x - __kfix_max).
  OpBuilder eb(e);
  auto ld = memref::LoadOp::create(eb, l, mx.getResult(), ValueRange{});
  auto sub = arith::SubFOp::create(eb, l, e.getOperand(), ld);
  mark(ld);
  mark(sub);
  e->setOperand(0, sub);
  mark(e);
  // log(den * exp(-max)) + max == log(den).
  for (math::LogOp log : w.logs) {
    OpBuilder lb(log->getContext());
    lb.setInsertionPointAfter(log);
    Value mv = memref::LoadOp::create(lb, log.getLoc(), mx.getResult(), ValueRange{});
    mark(mv.getDefiningOp());
    if (mv.getType() != log.getType()) {
      mv = arith::ExtFOp::create(lb, log.getLoc(), log.getType(), mv);
      mark(mv.getDefiningOp());
    }
    auto add = arith::AddFOp::create(lb, log.getLoc(), log.getResult(), mv);
    mark(add);
    log.getResult().replaceAllUsesExcept(add.getResult(), add);
  }
}

} // namespace

unsigned kfix::repairWeightedSoftmax(Operation *root, StringRef loc, StringRef passArg) {
  bool aimed = !loc.trim().empty();
  SmallVector<Weighted> matches;
  root->walk([&](math::ExpOp e) {
    Weighted w;
    std::string why;
    bool at = !aimed || locMatches(e.getLoc(), loc);
    if (!match(e, w, why)) {
      if (aimed && at && !why.empty())
        e.emitWarning() << passArg << ": not applied: " << why;
      return;
    }
    at = at || locMatches(w.nest.getLoc(), loc) ||
         llvm::any_of(w.accStores, [&](Operation *s) { return locMatches(s->getLoc(), loc); });
    if (at)
      matches.push_back(std::move(w));
  });
  for (Weighted &w : matches)
    rewrite(w, passArg);
  return matches.size();
}
