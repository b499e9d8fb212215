//===- SuspectSiblings.cpp - a size computed unlike its siblings ----------===//
//
// The model over sibling sizes (SuspectModels.cpp lists every model): locals
// computed by one formula over different parameters (`OH = H - KS + 1`,
// `OW = W - KS + 1`) where one of them lacks the others' trailing `+ c`
// (`OD = D - KS`): that one is the slip (sibling-mismatch), and the suspect's
// hint is the edit that adds the missing constant to its last operand
// (`D - KS` -> `D - (KS - 1)`). Accumulators updated side by side in one
// loop body whose terms all but one are scaled by the same local: that one
// dropped the factor (sibling-scale, hint: the `mulby` edit of its term).
// Two reads of one buffer indexed by the same expression but for one name:
// a copy-paste slip in one of them (sibling-index).
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

struct Sized {
  Operation *op;    // the value's defining op
  std::string base; // the shape without a trailing `+ c` / `- c`
  int64_t c;        // that constant (0: none)
};

} // namespace

/// The expression's shape with every kernel parameter alike (`a`), constants
/// by value and loads of locals alike (`l`).
std::string suspects::expressionShape(Value v, unsigned depth) {
  v = stripCasts(v);
  if (isa<BlockArgument>(v))
    return "a";
  Operation *d = v.getDefiningOp();
  if (!d || depth > 5)
    return "?";
  if (auto c = dyn_cast<arith::ConstantOp>(d))
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return "c" + std::to_string(i.getInt());
  if (isa<memref::LoadOp>(d))
    return "l";
  std::string s = d->getName().getStringRef().str() + "(";
  for (Value o : d->getOperands())
    s += expressionShape(o, depth + 1) + ",";
  return s + ")";
}

void suspects::siblingModels(SuspectContext &ctx) {
  std::vector<Sized> sizes;
  ctx.func.walk([&](memref::StoreOp st) {
    if (!st.getIndices().empty() || !st.getValueToStore().getType().isInteger())
      return;
    auto var = st.getMemref().getDefiningOp<memref::AllocaOp>();
    if (!var || !var->hasAttr("kfix.var"))
      return;
    Operation *d = stripCasts(st.getValueToStore()).getDefiningOp();
    if (!d || !isa<arith::AddIOp, arith::SubIOp>(d))
      return;
    Sized s{d, expressionShape(d->getResult(0)), 0};
    if (auto c = constantValue(d->getOperand(1))) {
      s.c = isa<arith::AddIOp>(d) ? int64_t(*c) : -int64_t(*c);
      s.base = expressionShape(d->getOperand(0));
    }
    sizes.push_back(s);
  });
  for (const Sized &odd : sizes) {
    if (!isa<arith::SubIOp, arith::AddIOp>(odd.op) || !ctx.bad.contains(odd.op))
      continue;
    // Siblings: the odd one's whole shape plus a constant, at least two alike.
    std::map<int64_t, unsigned> plus;
    unsigned alike = 0;
    for (const Sized &s : sizes) {
      if (s.op == odd.op)
        continue;
      if (s.c != 0 && s.base == expressionShape(odd.op->getResult(0)))
        ++plus[s.c];
      else if (expressionShape(s.op->getResult(0)) == expressionShape(odd.op->getResult(0)))
        ++alike;
    }
    for (auto [c, n] : plus) {
      if (n < 2 || n <= alike || (c != 1 && c != -1))
        continue;
      ctx.add(odd.op, "sibling-mismatch", 3.0,
              llvm::formatv("computed like {0} sibling sizes but without their trailing {1} {2}", n,
                            c > 0 ? "+" : "-", c > 0 ? c : -c)
                  .str());
      // `a - b` gets `a - (b - c)`, `a + b` gets `a + (b + c)`.
      int64_t d = isa<arith::SubIOp>(odd.op) ? -c : c;
      ctx.setHint(odd.op, "sibling-mismatch",
                  llvm::formatv("kind=delta operand=1 with={0}", d).str());
      break;
    }
  }
}

//===----------------------------------------------------------------------===//
// sibling-scale: accumulators updated side by side in one loop body, all but
// one scaled by the same local (`o0 = fmaf(acc0[w], f, o0); o1 = fmaf(acc1[w],
// f, o1); den += l[w];`): the one without it dropped the factor.
//===----------------------------------------------------------------------===//

namespace {

/// The local a value loads (through casts), or null.
Operation *loadedLocal(Value v) {
  memref::AllocaOp a = localOf(v);
  return a && a->hasAttr("kfix.var") ? a.getOperation() : nullptr;
}

struct Update {
  Operation *combine;                   // the addf / fma stored back
  Operation *acc;                       // the accumulator local
  unsigned term;                        // the operand holding the added term
  llvm::SmallPtrSet<Operation *, 4> by; // the locals the term is scaled by
};

std::optional<Update> asUpdate(memref::StoreOp st) {
  auto acc = st.getMemref().getDefiningOp<memref::AllocaOp>();
  if (!acc || !acc->hasAttr("kfix.var") || !st.getIndices().empty())
    return std::nullopt;
  Operation *c = stripCasts(st.getValueToStore()).getDefiningOp();
  if (!c || !c->hasOneUse())
    return std::nullopt;
  Update u{c, acc, 0, {}};
  auto factorsOf = [&](Value t) {
    if (auto m = stripCasts(t).getDefiningOp<arith::MulFOp>()) {
      for (Value o : m->getOperands())
        if (Operation *l = loadedLocal(o))
          u.by.insert(l);
    } else if (Operation *l = loadedLocal(t)) {
      u.by.insert(l);
    }
  };
  if (isa<arith::AddFOp>(c)) {
    for (unsigned i = 0; i < 2; ++i)
      if (loadedLocal(c->getOperand(i)) == acc.getOperation()) {
        u.term = 1 - i;
        factorsOf(c->getOperand(1 - i));
        return u;
      }
    return std::nullopt;
  }
  if (isa<math::FmaOp>(c) && loadedLocal(c->getOperand(2)) == acc.getOperation()) {
    u.term = 0;
    for (unsigned i = 0; i < 2; ++i)
      if (Operation *l = loadedLocal(c->getOperand(i)))
        u.by.insert(l);
    return u;
  }
  return std::nullopt;
}

} // namespace

void suspects::siblingScaleModels(SuspectContext &ctx) {
  ctx.func.walk([&](Block *body) {
    if (!isa_and_nonnull<scf::ForOp, scf::WhileOp>(body->getParentOp()))
      return;
    std::vector<Update> ups;
    for (Operation &op : *body)
      if (auto st = dyn_cast<memref::StoreOp>(op))
        if (auto u = asUpdate(st))
          ups.push_back(std::move(*u));
    if (ups.size() < 3)
      return;
    for (const Update &odd : ups) {
      if (!ctx.bad.contains(odd.combine) || !odd.by.empty())
        continue;
      // A local that scales at least two sibling terms.
      llvm::DenseMap<Operation *, unsigned> count;
      for (const Update &u : ups)
        if (&u != &odd)
          for (Operation *l : u.by)
            if (l != u.acc)
              ++count[l];
      Operation *best = nullptr;
      unsigned bestN = 1;
      for (auto [l, n] : count)
        if (n > bestN || (n == bestN && best && l->isBeforeInBlock(best)))
          best = l, bestN = n;
      if (!best)
        continue;
      StringRef name = best->getAttrOfType<StringAttr>("kfix.var").getValue();
      StringRef accName = odd.acc->getAttrOfType<StringAttr>("kfix.var").getValue();
      ctx.add(odd.combine, "sibling-scale", 3.0,
              llvm::formatv("'{0}' is updated beside {1} accumulators whose terms are scaled by "
                            "'{2}'; its term is not",
                            accName, bestN, name)
                  .str());
      ctx.setHint(odd.combine, "sibling-scale",
                  llvm::formatv("kind=mulby operand={0} with=var:{1}", odd.term, name).str());
    }
  });
}

//===----------------------------------------------------------------------===//
// sibling-index: two reads of one buffer whose indexes are the same
// expression but for one name (`x2[(q / hcg) * hcg + q % hcg]` in the mean
// pass, `x2[(q / hcg) * hc + q % hcg]` in the variance pass): a copy-paste
// slip in one of them. Both get the hint that makes them agree.
//===----------------------------------------------------------------------===//

void suspects::indexLeaves(SuspectContext &ctx, Value v, Operation *user, unsigned operand,
                           IndexForm &f, unsigned depth) {
  Value s = stripCasts(v);
  if (auto a = dyn_cast<BlockArgument>(s)) {
    std::string n =
        a.getOwner() == &ctx.func.getBody().front() ? ctx.paramName(a.getArgNumber()) : "";
    f.shape += "a";
    f.leaves.push_back({user, operand, n.empty() ? "?" : "arg:" + n});
    return;
  }
  Operation *d = s.getDefiningOp();
  if (!d || depth > 8) {
    f.shape += "?";
    f.leaves.push_back({user, operand, "?"});
    return;
  }
  if (auto c = constantValue(s)) {
    f.shape += "c";
    f.leaves.push_back({user, operand, llvm::formatv("{0}", *c).str()});
    return;
  }
  if (auto ld = dyn_cast<memref::LoadOp>(d)) {
    auto a = ld.getMemref().getDefiningOp<memref::AllocaOp>();
    auto n = a ? a->getAttrOfType<StringAttr>("kfix.var") : StringAttr();
    f.shape += "l";
    f.leaves.push_back({user, operand, n && ld.getIndices().empty() ? "var:" + n.str() : "?"});
    return;
  }
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivSIOp, arith::DivUIOp,
           arith::RemSIOp, arith::RemUIOp>(d)) {
    f.shape += "?";
    f.leaves.push_back({user, operand, "?"});
    return;
  }
  f.shape += d->getName().getStringRef().str() + "(";
  for (OpOperand &o : d->getOpOperands()) {
    // The leaf's user is the op reading it (through casts: the cast's user).
    indexLeaves(ctx, o.get(), d, o.getOperandNumber(), f, depth + 1);
    f.shape += ",";
  }
  f.shape += ")";
}

void suspects::siblingIndexModels(SuspectContext &ctx) {
  std::map<Operation *, std::vector<IndexForm>> byBuffer;
  ctx.func.walk([&](Operation *ld) {
    Value mem, index;
    if (auto l = dyn_cast<memref::LoadOp>(ld); l && l.getIndices().size() == 1)
      mem = l.getMemref(), index = l.getIndices()[0];
    else if (auto l = dyn_cast<vector::LoadOp>(ld); l && l.getIndices().size() == 1)
      mem = l.getBase(), index = l.getIndices()[0]; // float2 / float4 reads
    if (!mem)
      return;
    Value root = memRoot(mem);
    if (root.getDefiningOp<memref::AllocaOp>())
      return;
    IndexForm f{ld, "", {}};
    indexLeaves(ctx, index, ld, 1, f, 0);
    if (f.leaves.size() < 3)
      return;
    Operation *key = root.getDefiningOp() ? root.getDefiningOp()
                                          : cast<BlockArgument>(root).getOwner()->getParentOp();
    if (auto a = dyn_cast<BlockArgument>(root))
      key = reinterpret_cast<Operation *>(static_cast<uintptr_t>(a.getArgNumber() + 1));
    byBuffer[key].push_back(std::move(f));
  });
  for (auto &[key, forms] : byBuffer)
    for (size_t i = 0; i < forms.size(); ++i)
      for (size_t j = i + 1; j < forms.size(); ++j) {
        const IndexForm &a = forms[i], &b = forms[j];
        if (a.shape != b.shape || a.leaves.size() != b.leaves.size())
          continue;
        int diff = -1;
        bool one = true;
        for (size_t k = 0; k < a.leaves.size() && one; ++k)
          if (a.leaves[k].name != b.leaves[k].name)
            one = diff < 0 ? (diff = int(k), true) : false;
        if (!one || diff < 0)
          continue;
        const Leaf &la = a.leaves[diff], &lb = b.leaves[diff];
        auto nameable = [](const std::string &n) {
          return llvm::StringRef(n).starts_with("arg:") || llvm::StringRef(n).starts_with("var:");
        };
        if (!nameable(la.name) || !nameable(lb.name))
          continue;
        // The read that reaches wrong outputs (both when both do) takes the
        // other's name.
        for (auto [mine, theirs] : {std::pair{&la, &lb}, std::pair{&lb, &la}}) {
          if (!ctx.bad.contains(mine->user))
            continue;
          ctx.add(mine->user, "sibling-index", 2.6,
                  llvm::formatv("the same index as another read of this buffer but for '{0}' "
                                "where it has '{1}'",
                                llvm::StringRef(mine->name).drop_front(4),
                                llvm::StringRef(theirs->name).drop_front(4))
                      .str());
          ctx.setHint(mine->user, "sibling-index",
                      llvm::formatv("operand={0} with={1}", mine->operand, theirs->name).str(),
                      /*keepFirst=*/true);
        }
      }
}
