//===- SuspectStrides.cpp - a stride of the wrong family -------------------===//
//
// The stride-family model (SuspectModels.cpp lists every model). Kernels that
// take their layout as parameters name the strides of each tensor alike
// (`in_stride_b, in_stride_s, in_stride_h`, `out_stride_b, ...`; `stride_qb`,
// `stride_kb`). An access whose index is built from one family's names but
// has one leaf of a sibling family (`q_out[b * out_stride_b + h * in_stride_h
// + s * out_stride_s + i]`) took a name from the neighbouring line: the leaf
// is the suspect and its hint is the edit to the sibling name (same words but
// the one that differs, taken from the family the index and the buffer's name
// agree on). Names are split into words at `_` and case changes.
//
// The flatten-stride model (below): `a * S + b` over two loops whose row
// stride S is a's own extent where b's was meant; the short-stride model: b
// a remainder by a product of sizes, S one factor of it.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

std::vector<std::string> words(llvm::StringRef name) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool boundary = c == '_' || (i && llvm::isUpper(c) && llvm::isLower(name[i - 1]));
    if (boundary && !cur.empty()) {
      out.push_back(cur);
      cur.clear();
    }
    if (c != '_')
      cur += llvm::toLower(c);
  }
  if (!cur.empty())
    out.push_back(cur);
  return out;
}

/// The position of the one word in which `a` and `b` differ, or -1.
int oneWordApart(const std::vector<std::string> &a, const std::vector<std::string> &b) {
  if (a.size() != b.size())
    return -1;
  int at = -1;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) {
      if (at >= 0)
        return -1;
      at = int(i);
    }
  return at;
}

/// `w` names the buffer: one of its words, or one of them and a one-letter
/// dimension (`qb` for `q`).
bool namesBuffer(const std::string &w, const std::vector<std::string> &buffer) {
  for (const std::string &b : buffer)
    if (w == b || (w.size() == b.size() + 1 && llvm::StringRef(w).starts_with(b)))
      return true;
  return false;
}

struct Named {
  std::string leaf; // arg:NAME or var:NAME
  Type type;
};

} // namespace

void suspects::strideFamilyModels(SuspectContext &ctx) {
  // Every integer name in scope: the parameters and the scalar locals.
  std::vector<Named> names;
  for (BlockArgument a : ctx.func.getArguments())
    if (a.getType().isIntOrIndex()) {
      std::string n = ctx.paramName(a.getArgNumber());
      if (!n.empty())
        names.push_back({"arg:" + n, a.getType()});
    }
  ctx.func.walk([&](memref::AllocaOp a) {
    auto n = a->getAttrOfType<StringAttr>("kfix.var");
    if (n && a.getType().getRank() == 0 && a.getType().getElementType().isIntOrIndex())
      names.push_back({"var:" + n.str(), a.getType().getElementType()});
  });
  auto typeOf = [&](const std::string &leaf) -> Type {
    for (const Named &n : names)
      if (n.leaf == leaf)
        return n.type;
    return {};
  };

  ctx.func.walk([&](Operation *acc) {
    Value mem, index;
    if (auto l = dyn_cast<memref::LoadOp>(acc); l && l.getIndices().size() == 1)
      mem = l.getMemref(), index = l.getIndices()[0];
    else if (auto s = dyn_cast<memref::StoreOp>(acc); s && s.getIndices().size() == 1)
      mem = s.getMemref(), index = s.getIndices()[0];
    else if (auto l = dyn_cast<vector::LoadOp>(acc); l && l.getIndices().size() == 1)
      mem = l.getBase(), index = l.getIndices()[0];
    else if (auto s = dyn_cast<vector::StoreOp>(acc); s && s.getIndices().size() == 1)
      mem = s.getBase(), index = s.getIndices()[0];
    if (!mem || memRoot(mem).getDefiningOp<memref::AllocaOp>())
      return;
    IndexForm f{acc, "", {}};
    indexLeaves(ctx, index, acc, 1, f, 0);
    std::vector<const Leaf *> named;
    for (const Leaf &l : f.leaves)
      if (llvm::StringRef(l.name).starts_with("arg:") ||
          llvm::StringRef(l.name).starts_with("var:"))
        named.push_back(&l);
    if (named.size() < 3)
      return;
    std::vector<std::string> buffer = words(bufferName(ctx, mem));
    for (const Leaf *l : named) {
      if (!ctx.bad.contains(l->user))
        continue;
      std::vector<std::string> lw = words(llvm::StringRef(l->name).drop_front(4));
      if (lw.size() < 2)
        continue; // a family shares a word: `in_stride_h`, `strideQB`
      Type lt = typeOf(l->name);
      const Named *best = nullptr;
      int bestMargin = 0;
      for (const Named &q : names) {
        if (q.leaf == l->name || q.type != lt)
          continue;
        std::vector<std::string> qw = words(llvm::StringRef(q.leaf).drop_front(4));
        int at = oneWordApart(lw, qw);
        if (at < 0)
          continue;
        bool inIndex = false;
        for (const Leaf *o : named)
          inIndex |= o->name == q.leaf;
        if (inIndex)
          continue;
        // Votes: the buffer's name; the other stride-like (several-word)
        // leaves whose words include the differing word; twice, the index the
        // leaf multiplies when it is named by that word (`h * out_stride_h`).
        int forQ = namesBuffer(qw[at], buffer), forL = namesBuffer(lw[at], buffer);
        for (const Leaf *o : named) {
          if (o == l)
            continue;
          std::vector<std::string> ow = words(llvm::StringRef(o->name).drop_front(4));
          if (o->user == l->user && ow.size() == 1) {
            forQ += 2 * (ow[0] == qw[at]);
            forL += 2 * (ow[0] == lw[at]);
          } else if (ow.size() > 1) {
            forQ += llvm::is_contained(ow, qw[at]);
            forL += llvm::is_contained(ow, lw[at]);
          }
        }
        if (forQ >= 2 && forQ - forL > bestMargin) {
          best = &q;
          bestMargin = forQ - forL;
        }
      }
      if (!best)
        continue;
      llvm::StringRef mine = llvm::StringRef(l->name).drop_front(4);
      llvm::StringRef theirs = llvm::StringRef(best->leaf).drop_front(4);
      ctx.add(l->user, "stride-family", 2.4 + 0.2 * std::min(bestMargin, 3),
              llvm::formatv("'{0}' in an index of '{1}' built from names like '{2}'", mine,
                            bufferName(ctx, mem), theirs)
                  .str());
      ctx.setHint(l->user, "stride-family",
                  llvm::formatv("operand={0} with={1}", l->operand, best->leaf).str(),
                  /*keepFirst=*/true);
    }
  });
}

//===----------------------------------------------------------------------===//
// The flatten-stride model: a 2-D coordinate (a, b) of two loops flattened
// row-major as `a * S + b` whose row stride S is a's own extent (the bound of
// a's loop) where b's extent was meant (`w[kh * KH + kw]` for `kh * KW + kw`,
// kh in [0, KH), kw in [0, KW)). Square extents hide it (KH == KW passes).
// The hint replaces the stride by b's extent.
//===----------------------------------------------------------------------===//

namespace {

/// The counted loop `v` is the variable of (its induction variable, or a load
/// of the local the loop stores it into), or null.
scf::ForOp loopOfVar(Value v) {
  v = stripCasts(v);
  if (auto a = dyn_cast<BlockArgument>(v))
    return dyn_cast_or_null<scf::ForOp>(a.getOwner()->getParentOp());
  auto l = v.getDefiningOp<memref::LoadOp>();
  if (!l || !l.getIndices().empty())
    return {};
  for (Operation *u : l.getMemref().getUsers())
    if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemref() == l.getMemref())
      if (auto a = dyn_cast<BlockArgument>(st.getValueToStore()))
        if (auto f = dyn_cast_or_null<scf::ForOp>(a.getOwner()->getParentOp());
            f && f->isAncestor(l))
          return f;
  return {};
}

/// The kernel parameter a loop runs up to from 0 (`for (k = 0; k < K; ++k)`),
/// or null.
BlockArgument extentParam(gpu::GPUFuncOp func, scf::ForOp f) {
  if (!f)
    return {};
  auto lo = constantValue(f.getLowerBound());
  if (!lo || *lo != 0)
    return {};
  auto a = dyn_cast<BlockArgument>(stripCasts(f.getUpperBound()));
  if (!a || a.getOwner() != &func.getBody().front())
    return {};
  return a;
}

/// The kernel parameter a bounds test holds the scalar of `v` below
/// (`w < W`, `W > w`, `w >= W` as the out-of-range test), or null.
BlockArgument guardExtent(gpu::GPUFuncOp func, Value v) {
  const void *key = scalarKey(v);
  BlockArgument out;
  func.walk([&](arith::CmpIOp c) {
    using P = arith::CmpIPredicate;
    P p = c.getPredicate();
    for (unsigned side = 0; side < 2 && !out; ++side) {
      // The scalar on `side`, the bound on the other, the scalar below it.
      bool below = side == 0 ? (p == P::slt || p == P::ult || p == P::sge || p == P::uge)
                             : (p == P::sgt || p == P::ugt || p == P::sle || p == P::ule);
      auto a = dyn_cast<BlockArgument>(stripCasts(c->getOperand(1 - side)));
      if (below && a && a.getOwner() == &func.getBody().front() &&
          scalarKey(c->getOperand(side)) == key)
        out = a;
    }
  });
  return out;
}

/// The parameter is the extent of some coordinate: a loop's bound, a bounds
/// test's, or the divisor that splits a flat index (`o % OW`, `o / OW`).
bool isExtent(gpu::GPUFuncOp func, BlockArgument a) {
  bool yes = false;
  func.walk([&](Operation *op) {
    if (isa<arith::RemSIOp, arith::RemUIOp, arith::DivSIOp, arith::DivUIOp>(op) &&
        stripCasts(op->getOperand(1)) == a)
      yes = true;
    if (auto f = dyn_cast<scf::ForOp>(op); f && extentParam(func, f) == a)
      yes = true;
  });
  return yes;
}

/// `v` through casts and locals stored once.
Value valueOf(SuspectContext &ctx, Value v) {
  for (unsigned i = 0; i < 4; ++i) {
    v = stripCasts(v);
    auto l = v.getDefiningOp<memref::LoadOp>();
    if (!l || !l.getIndices().empty())
      break;
    Value s = ctx.mem.singleStoredValue(l.getMemref());
    if (!s)
      break;
    v = s;
  }
  return stripCasts(v);
}

/// The kernel parameters whose product `v` is (`H * W`, a local holding
/// it), or {} when it is no such product.
SmallVector<BlockArgument> paramFactors(SuspectContext &ctx, Value v, unsigned depth = 0) {
  v = valueOf(ctx, v);
  if (auto a = dyn_cast<BlockArgument>(v);
      a && a.getOwner() == &ctx.func.getBody().front() && a.getType().isSignlessInteger())
    return {a};
  auto mul = v.getDefiningOp<arith::MulIOp>();
  if (!mul || depth > 3)
    return {};
  auto l = paramFactors(ctx, mul.getLhs(), depth + 1),
       r = paramFactors(ctx, mul.getRhs(), depth + 1);
  if (l.empty() || r.empty())
    return {};
  l.append(r.begin(), r.end());
  return l;
}

} // namespace

void suspects::flattenModels(SuspectContext &ctx) {
  ctx.func.walk([&](arith::AddIOp add) {
    if (!ctx.bad.contains(add))
      return;
    for (unsigned side = 0; side < 2; ++side) {
      auto mul = stripCasts(add->getOperand(side)).getDefiningOp<arith::MulIOp>();
      Value b = add->getOperand(1 - side);
      if (!mul)
        continue;
      BlockArgument eb = extentParam(ctx.func, loopOfVar(b));
      if (!eb)
        continue;
      for (unsigned k = 0; k < 2; ++k) {
        auto s = dyn_cast<BlockArgument>(stripCasts(mul->getOperand(k)));
        BlockArgument ea = extentParam(ctx.func, loopOfVar(mul->getOperand(1 - k)));
        if (!s || !ea || s != ea || ea == eb)
          continue;
        std::string a = ctx.paramName(ea.getArgNumber()), bn = ctx.paramName(eb.getArgNumber());
        ctx.add(mul, "flatten-stride", 3.2,
                llvm::formatv("a 2-D coordinate flattened with its own extent '{0}' as the row "
                              "stride; the inner coordinate runs up to '{1}' (rows of {1} "
                              "elements?)",
                              a, bn)
                    .str());
        ctx.setHint(mul, "flatten-stride", llvm::formatv("operand={0} with=arg:{1}", k, bn).str());
        return;
      }
    }
    // Coordinates held in range by bounds tests (`iw < W` before the read),
    // flattened with the extent of another coordinate as the row stride
    // (`ih * OW + iw`, an input position flattened with the output's width).
    for (unsigned side = 0; side < 2; ++side) {
      auto mul = stripCasts(add->getOperand(side)).getDefiningOp<arith::MulIOp>();
      BlockArgument eb = mul ? guardExtent(ctx.func, add->getOperand(1 - side)) : BlockArgument();
      if (!eb)
        continue;
      for (unsigned k = 0; k < 2; ++k) {
        Value sv = mul->getOperand(k);
        auto st = dyn_cast<BlockArgument>(stripCasts(sv));
        BlockArgument ea = guardExtent(ctx.func, mul->getOperand(1 - k));
        // The row's own extent (`rr * H + cc`), or another coordinate's.
        if (!st || st.getOwner() != &ctx.func.getBody().front() || st == eb || !ea ||
            (st != ea && !isExtent(ctx.func, st)))
          continue;
        // The edit goes where the parameter is read: the cast that widens it
        // (`(int64_t)ih * OW`), or the product.
        Operation *site = mul;
        unsigned operand = k;
        if (Operation *cast = sv.getDefiningOp();
            cast && cast->getNumOperands() == 1 && cast->getOperand(0) == st) {
          site = cast;
          operand = 0;
        }
        std::string sn = ctx.paramName(st.getArgNumber()), bn = ctx.paramName(eb.getArgNumber());
        ctx.add(site, "flatten-stride", 3.0,
                llvm::formatv("a 2-D position flattened with '{0}' as the row stride; its "
                              "column is held below '{1}' (rows of {1} elements?)",
                              sn, bn)
                    .str());
        ctx.setHint(site, "flatten-stride",
                    llvm::formatv("operand={0} with=arg:{1}", operand, bn).str());
        return;
      }
    }
    // A column that is a remainder by a product of sizes (`p = idx % HW`,
    // `HW = H * W`) flattened with a stride that is one factor of it
    // (`(n * C + c) * W + p`): the rows overlap; the stride lacks the other
    // factor (`* H`).
    for (unsigned side = 0; side < 2; ++side) {
      auto mul = stripCasts(add->getOperand(side)).getDefiningOp<arith::MulIOp>();
      Value col = valueOf(ctx, add->getOperand(1 - side));
      // (Not a product a repair made: its stride is the whole range.)
      if (!mul || mul->hasAttr("kfix.repaired") ||
          !isa_and_nonnull<arith::RemSIOp, arith::RemUIOp>(col.getDefiningOp()))
        continue;
      SmallVector<BlockArgument> range = paramFactors(ctx, col.getDefiningOp()->getOperand(1));
      if (range.size() < 2)
        continue;
      for (unsigned k = 0; k < 2; ++k) {
        SmallVector<BlockArgument> stride = paramFactors(ctx, mul->getOperand(k));
        if (stride.empty() || stride.size() + 1 != range.size())
          continue;
        SmallVector<BlockArgument> missing(range);
        bool within = true;
        for (BlockArgument f : stride) {
          auto it = llvm::find(missing, f);
          if (it == missing.end()) {
            within = false;
            break;
          }
          missing.erase(it);
        }
        if (!within || missing.size() != 1)
          continue;
        std::string mn = ctx.paramName(missing.front().getArgNumber());
        ctx.add(mul, "short-stride", 3.0,
                llvm::formatv("a position flattened with a row stride that is one factor of "
                              "its column's range (the column is a remainder by a product "
                              "with '{0}'): the rows overlap (stride times '{0}'?)",
                              mn)
                    .str());
        ctx.setHint(mul, "short-stride",
                    llvm::formatv("kind=wrap operand=0 with=arith.muli:arg:{0}", mn).str());
        return;
      }
    }
  });
}
