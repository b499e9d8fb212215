//===- IndexLayout.cpp - index terms against a buffer's declared shape ----===//
#include "kfix/Transforms/IndexLayout.h"

#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/STLExtras.h"
#include <set>

using namespace mlir;
using namespace kfix;

Monomial Monomial::times(const Monomial &o) const {
  Monomial r = *this;
  r.constant *= o.constant;
  for (auto &[a, e] : o.atoms)
    r.atoms[a] += e;
  return r;
}

std::optional<Monomial> Monomial::over(const Monomial &o) const {
  Monomial r = *this;
  r.constant = o.constant != 0 && constant % o.constant == 0 ? constant / o.constant : 1;
  for (auto &[a, e] : o.atoms) {
    auto it = r.atoms.find(a);
    if (it == r.atoms.end() || it->second < e)
      return std::nullopt;
    if ((it->second -= e) == 0)
      r.atoms.erase(it);
  }
  return r;
}

unsigned Monomial::degree() const {
  unsigned d = 0;
  for (auto &[a, e] : atoms)
    d += e;
  return d;
}

/// The value a load of a C local reads when the local is assigned exactly
/// once, before the load in a block enclosing it.
Value kfix::singleStoredValue(Value v) {
  auto load = v.getDefiningOp<memref::LoadOp>();
  memref::AllocaOp var = load ? loadedVar(v) : memref::AllocaOp();
  if (!var)
    return {};
  auto stores = storesTo(var);
  if (stores.size() != 1)
    return {};
  memref::StoreOp st = stores.front();
  Operation *anc = st->getBlock()->findAncestorOpInBlock(*load);
  if (!anc || anc == st.getOperation() || !st->isBeforeInBlock(anc))
    return {};
  return st.getValueToStore();
}

namespace {

bool isKernelParam(gpu::GPUFuncOp func, Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  return arg && arg.getOwner() == &func.getBody().front() && arg.getType().isInteger();
}

/// `v` as a loop-invariant product, or nullopt when it depends on the thread,
/// a loop or memory.
std::optional<Monomial> invariant(gpu::GPUFuncOp func, Value v, unsigned depth = 0) {
  if (depth > 12)
    return std::nullopt;
  v = stripCasts(v);
  if (auto c = getConstInt(v)) {
    Monomial m;
    m.constant = *c;
    return m;
  }
  if (isKernelParam(func, v)) {
    Monomial m;
    m.atoms[v.getAsOpaquePointer()] = 1;
    return m;
  }
  if (Value stored = singleStoredValue(v))
    return invariant(func, stored, depth + 1);
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto mul = dyn_cast<arith::MulIOp>(def)) {
    auto a = invariant(func, mul.getLhs(), depth + 1);
    auto b = a ? invariant(func, mul.getRhs(), depth + 1) : std::nullopt;
    if (!b)
      return std::nullopt;
    return a->times(*b);
  }
  // Any other pure integer arithmetic over invariants is an opaque atom.
  if (!isa<arith::AddIOp, arith::SubIOp, arith::DivSIOp, arith::DivUIOp, arith::RemSIOp,
           arith::RemUIOp, arith::ShRSIOp, arith::ShRUIOp, arith::ShLIOp, arith::CeilDivSIOp,
           arith::MaxSIOp, arith::MinSIOp>(def))
    return std::nullopt;
  for (Value o : def->getOperands())
    if (!invariant(func, o, depth + 1))
      return std::nullopt;
  Monomial m;
  m.atoms[v.getAsOpaquePointer()] = 1;
  return m;
}

struct ChainLink {
  arith::MulIOp mul;
  unsigned strideOperand;
  Monomial factor;
};

struct Term {
  Value var;
  Monomial coeff;
  SmallVector<ChainLink> chain; ///< outermost first
  unsigned depth;
};

void decompose(gpu::GPUFuncOp func, Value v, const Monomial &outer, SmallVector<ChainLink> chain,
               unsigned depth, SmallVectorImpl<Term> &out) {
  if (depth > 24 || out.size() > 32)
    return;
  v = stripCasts(v);
  if (invariant(func, v))
    return; // an offset
  if (Value stored = singleStoredValue(v))
    return decompose(func, stored, outer, chain, depth, out);
  Operation *def = v.getDefiningOp();
  if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def)) {
    decompose(func, def->getOperand(0), outer, chain, depth + 1, out);
    decompose(func, def->getOperand(1), outer, chain, depth + 1, out);
    return;
  }
  if (auto mul = dyn_cast_or_null<arith::MulIOp>(def)) {
    for (unsigned side = 0; side < 2; ++side) {
      auto f = invariant(func, mul->getOperand(1 - side));
      if (!f)
        continue;
      auto next = chain;
      next.push_back({mul, 1 - side, *f});
      return decompose(func, mul->getOperand(side), outer.times(*f), next, depth + 1, out);
    }
  }
  if (auto shl = dyn_cast_or_null<arith::ShLIOp>(def))
    if (auto k = getConstInt(shl.getRhs()); k && *k >= 0 && *k < 31) {
      Monomial m = outer;
      m.constant <<= *k;
      return decompose(func, shl.getLhs(), m, chain, depth + 1, out);
    }
  out.push_back({v, outer, std::move(chain), depth});
}

} // namespace

std::optional<DeclaredShape> kfix::parseDeclaredShape(gpu::GPUFuncOp func, StringRef text,
                                                      std::string &error) {
  DeclaredShape s;
  s.text = text.trim().str();
  StringRef rest = StringRef(s.text);
  size_t lb = rest.find('[');
  if (lb == StringRef::npos || lb == 0 || !rest.ends_with("]")) {
    error = "shape must be NAME[d0][d1]..., not '" + s.text + "'";
    return std::nullopt;
  }
  s.name = rest.take_front(lb).trim().str();
  rest = rest.drop_front(lb);
  while (!rest.empty()) {
    if (!rest.consume_front("[")) {
      error = "shape must be NAME[d0][d1]..., not '" + s.text + "'";
      return std::nullopt;
    }
    size_t rb = rest.find(']');
    if (rb == StringRef::npos) {
      error = "unbalanced '[' in shape '" + s.text + "'";
      return std::nullopt;
    }
    StringRef dim = rest.take_front(rb).trim();
    rest = rest.drop_front(rb + 1);
    SmallVector<StringRef> factors;
    dim.split(factors, '*');
    Monomial m;
    bool ok = !dim.empty();
    for (StringRef f : factors) {
      f = f.trim();
      int64_t k;
      if (!f.getAsInteger(10, k)) {
        m.constant *= k;
        continue;
      }
      Value arg = getArgByName(func, f);
      if (!arg || !arg.getType().isInteger()) {
        ok = false;
        break;
      }
      m.atoms[arg.getAsOpaquePointer()] += 1;
    }
    s.dims.push_back(ok ? std::optional<Monomial>(m) : std::nullopt);
  }
  if (s.dims.empty()) {
    error = "shape '" + s.text + "' has no dimension";
    return std::nullopt;
  }
  return s;
}

SmallVector<LayoutIssue> kfix::findLayoutIssues(gpu::GPUFuncOp func, const DeclaredShape &shape,
                                                StringRef loc) {
  SmallVector<LayoutIssue> issues;
  Value buffer = getArgByName(func, shape.name);
  size_t rank = shape.dims.size();
  if (!buffer || !isa<MemRefType>(buffer.getType()) || rank < 2)
    return issues;
  // Expected strides: suffix products of the declared dimensions.
  SmallVector<Monomial> strides(rank);
  for (size_t k = rank; k-- > 0;) {
    if (k + 1 < rank) {
      if (!shape.dims[k + 1])
        return issues;
      strides[k] = strides[k + 1].times(*shape.dims[k + 1]);
    }
  }
  auto strideIndex = [&](const Monomial &c) -> std::optional<size_t> {
    for (size_t k = rank; k-- > 0;)
      if (c.sameAtoms(strides[k]))
        return k;
    return std::nullopt;
  };
  func.walk([&](Operation *op) {
    std::optional<MemAccess> acc = getMemAccess(op);
    if (!acc || acc->memref != buffer || acc->indices.size() != 1)
      return;
    if (!loc.trim().empty() && !locMatches(op->getLoc(), loc))
      return;
    SmallVector<Term> terms;
    decompose(func, cIndex(acc->indices.front()), Monomial(), {}, 0, terms);
    // Terms by the multiply that carries their stride (one slot per multiply:
    // `(2*oy + dy) * W` is one slot).
    SmallVector<size_t> assigned(terms.size(), SIZE_MAX);
    std::vector<std::set<Operation *>> slotsPerStride(rank);
    for (auto [i, t] : llvm::enumerate(terms)) {
      if (auto k = strideIndex(t.coeff)) {
        assigned[i] = *k;
        if (!t.chain.empty())
          slotsPerStride[*k].insert(t.chain.back().mul);
      }
    }
    SmallVector<size_t> missing;
    for (size_t k = 0; k + 1 < rank; ++k)
      if (slotsPerStride[k].empty() && llvm::none_of(assigned, [&](size_t a) { return a == k; }))
        missing.push_back(k);
    if (missing.empty())
      return;
    // Bad slots: terms with no expected stride; then, for a stride held by
    // several multiplies while a larger one is missing, the outermost of them.
    SmallVector<size_t> bad;
    std::set<Operation *> badMuls;
    for (auto [i, t] : llvm::enumerate(terms))
      if (assigned[i] == SIZE_MAX && !t.chain.empty() && badMuls.insert(t.chain.back().mul).second)
        bad.push_back(i);
    if (bad.empty())
      for (size_t k = 0; k + 1 < rank; ++k) {
        if (slotsPerStride[k].size() < 2 || missing.front() >= k)
          continue;
        size_t best = SIZE_MAX;
        for (auto [i, t] : llvm::enumerate(terms))
          if (assigned[i] == k && !t.chain.empty() &&
              (best == SIZE_MAX || t.depth < terms[best].depth))
            best = i;
        if (best != SIZE_MAX)
          bad.push_back(best);
        break;
      }
    llvm::stable_sort(bad, [&](size_t a, size_t b) { return terms[a].depth < terms[b].depth; });
    for (auto [n, i] : llvm::enumerate(bad)) {
      if (n >= missing.size())
        break;
      const Term &t = terms[i];
      const Monomial &want = strides[missing[n]];
      // The innermost multiply whose factor can be changed to give `want`.
      for (size_t l = t.chain.size(); l-- > 0;) {
        Monomial rest;
        for (auto [j, link] : llvm::enumerate(t.chain))
          if (j != l)
            rest = rest.times(link.factor);
        auto f = want.over(rest);
        if (!f || f->sameAtoms(t.chain[l].factor))
          continue;
        LayoutIssue is;
        is.access = op;
        is.mul = t.chain[l].mul;
        is.strideOperand = t.chain[l].strideOperand;
        is.expectedFactor = *f;
        // `over` ignores constants: the wanted stride's constant over the
        // rest of the chain's where it divides (a literal extent, `[D][4]` of a
        // template's KW = 4: `d * 4 + k`), else none (`(2*oy + dy) * W`).
        int64_t rc = 1;
        for (auto [j, link] : llvm::enumerate(t.chain))
          if (j != l)
            rc *= link.factor.constant;
        is.expectedFactor.constant = rc != 0 && want.constant % rc == 0 ? want.constant / rc : 1;
        is.depth = t.depth;
        for (const auto &d : shape.dims)
          if (d && d->sameAtoms(t.chain[l].factor) && !t.chain[l].factor.isUnit())
            is.transposed = true;
        // A swap partner: the other operand of an add using the multiply,
        // made only of unit-stride variables (`col*K + k`, not `+ r*cols`).
        for (Operation *u : is.mul->getUsers())
          if (auto add = dyn_cast<arith::AddIOp>(u)) {
            Value partner = add.getLhs() == is.mul.getResult() ? add.getRhs() : add.getLhs();
            SmallVector<Term> pt;
            decompose(func, partner, Monomial(), {}, 0, pt);
            if (!pt.empty() && llvm::all_of(pt, [](const Term &x) { return x.coeff.isUnit(); }))
              is.add = add;
            break;
          }
        issues.push_back(is);
        break;
      }
    }
  });
  return issues;
}

std::optional<Monomial> kfix::invariantMonomial(gpu::GPUFuncOp func, Value v) {
  return invariant(func, v);
}

SmallVector<IndexTerm> kfix::indexTerms(gpu::GPUFuncOp func, Value index) {
  SmallVector<Term> terms;
  decompose(func, index, Monomial(), {}, 0, terms);
  SmallVector<IndexTerm> out;
  for (const Term &t : terms)
    out.push_back({t.var, t.coeff});
  return out;
}

Value kfix::buildMonomial(OpBuilder &b, Location loc, gpu::GPUFuncOp func, const Monomial &m,
                          Type type) {
  Value acc;
  auto mulIn = [&](Value v) { acc = acc ? Value(arith::MulIOp::create(b, loc, acc, v)) : v; };
  for (auto &[atom, e] : m.atoms) {
    Value v = Value::getFromOpaquePointer(atom);
    if (!isKernelParam(func, v))
      return {};
    if (v.getType() != type) {
      bool isUnsigned = isUnsignedCType(getArgCType(func, cast<BlockArgument>(v)));
      if (v.getType().getIntOrFloatBitWidth() > type.getIntOrFloatBitWidth())
        v = arith::TruncIOp::create(b, loc, type, v);
      else if (isUnsigned)
        v = arith::ExtUIOp::create(b, loc, type, v);
      else
        v = arith::ExtSIOp::create(b, loc, type, v);
    }
    for (unsigned i = 0; i < e; ++i)
      mulIn(v);
  }
  if (!acc || m.constant != 1)
    mulIn(arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, m.constant)));
  return acc;
}

//===----------------------------------------------------------------------===//
// Relayout: an index linearized in another order of the same coordinates
//===----------------------------------------------------------------------===//

namespace {

bool sameMonomial(const Monomial &a, const Monomial &b) {
  return a.constant == b.constant && a.sameAtoms(b);
}

/// The number of values `v` takes, read off its loop (`for (k = 0; k < M;
/// ++k)`) or a bound test of it against an invariant (`if (c >= C) return;`,
/// `if (c < C)`), or nullopt.
std::optional<Monomial> extentOf(gpu::GPUFuncOp func, Value v) {
  v = stripCasts(v);
  auto ofLoop = [&](Value iv) -> std::optional<Monomial> {
    auto arg = dyn_cast<BlockArgument>(iv);
    auto loop = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()) : scf::ForOp();
    if (!loop || loop.getInductionVar() != iv)
      return std::nullopt;
    auto lb = getConstInt(stripCasts(loop.getLowerBound()));
    auto st = getConstInt(stripCasts(loop.getStep()));
    if (!lb || *lb != 0 || !st || *st != 1)
      return std::nullopt;
    return invariant(func, loop.getUpperBound());
  };
  if (auto e = ofLoop(v))
    return e;
  // `x % M` (a coordinate split off a flat index) takes M values.
  auto ofRem = [&](Value x) -> std::optional<Monomial> {
    Operation *def = stripCasts(x).getDefiningOp();
    if (!isa_and_nonnull<arith::RemSIOp, arith::RemUIOp>(def))
      return std::nullopt;
    return invariant(func, def->getOperand(1));
  };
  if (auto e = ofRem(v))
    return e;
  if (Value stored = singleStoredValue(v))
    if (auto e = ofRem(stored))
      return e;
  // The values that stand for `v`: itself, or every load of its local.
  SmallVector<Value> same{v};
  if (memref::AllocaOp var = loadedVar(v)) {
    for (Operation *u : var->getUsers())
      if (auto ld = dyn_cast<memref::LoadOp>(u))
        same.push_back(ld.getResult());
    for (memref::StoreOp st : storesTo(var))
      if (auto e = ofLoop(stripCasts(st.getValueToStore())))
        return e;
  }
  std::optional<Monomial> found;
  for (Value s : same)
    for (Operation *u : s.getUsers()) {
      auto cmp = dyn_cast<arith::CmpIOp>(u);
      if (!cmp)
        continue;
      bool lhs = stripCasts(cmp.getLhs()) == s || cmp.getLhs() == s;
      Value other = lhs ? cmp.getRhs() : cmp.getLhs();
      auto p = cmp.getPredicate();
      using P = arith::CmpIPredicate;
      // `v < M`, `v >= M` (or `M > v`, `M <= v`): M values.
      bool bound = lhs ? (p == P::slt || p == P::ult || p == P::sge || p == P::uge)
                       : (p == P::sgt || p == P::ugt || p == P::sle || p == P::ule);
      if (!bound)
        continue;
      if (auto m = invariant(func, other)) {
        if (found && !sameMonomial(*found, *m))
          return std::nullopt;
        found = m;
      }
    }
  return found;
}

/// A loop's induction variable, or a load of the local that holds one.
bool isLoopCoordinate(Value v) {
  auto iv = [](Value x) {
    auto arg = dyn_cast<BlockArgument>(x);
    return arg && isa<scf::ForOp>(arg.getOwner()->getParentOp()) &&
           cast<scf::ForOp>(arg.getOwner()->getParentOp()).getInductionVar() == x;
  };
  if (iv(v))
    return true;
  if (memref::AllocaOp var = loadedVar(v))
    return llvm::any_of(storesTo(var),
                        [&](memref::StoreOp st) { return iv(stripCasts(st.getValueToStore())); });
  return false;
}

/// An addend `X * stride` of an index and X's extent (nullopt: unknown).
using Addend = std::tuple<Value, Monomial, std::optional<Monomial>>;

/// `v` split at `+` into `X * stride` addends (strides: invariant products);
/// an X with an extent, or a loop's coordinate, is a leaf, others are split
/// further through their single-store locals. False when an addend is neither.
bool addends(gpu::GPUFuncOp func, Value v, const Monomial &scale, SmallVectorImpl<Addend> &out,
             unsigned depth = 0) {
  if (depth > 16 || out.size() > 8)
    return false;
  v = stripCasts(v);
  if (auto e = extentOf(func, v)) {
    out.push_back({v, scale, *e});
    return true;
  }
  if (isLoopCoordinate(v)) {
    out.push_back({v, scale, std::nullopt});
    return true;
  }
  if (Value stored = singleStoredValue(v))
    return addends(func, stored, scale, out, depth + 1);
  Operation *def = v.getDefiningOp();
  if (auto add = dyn_cast_or_null<arith::AddIOp>(def))
    return addends(func, add.getLhs(), scale, out, depth + 1) &&
           addends(func, add.getRhs(), scale, out, depth + 1);
  if (auto mul = dyn_cast_or_null<arith::MulIOp>(def)) {
    for (int side = 0; side < 2; ++side)
      if (auto m = invariant(func, mul->getOperand(side)))
        return addends(func, mul->getOperand(1 - side), scale.times(*m), out, depth + 1);
  }
  return false;
}

/// An order on strides: degree first, then the constant.
bool strideGreater(const Monomial &a, const Monomial &b) {
  if (a.degree() != b.degree())
    return a.degree() > b.degree();
  return a.constant > b.constant;
}

} // namespace

SmallVector<Relayout> kfix::findRelayouts(gpu::GPUFuncOp func, const DeclaredShape &shape,
                                          StringRef loc) {
  SmallVector<Relayout> out;
  Value buffer = getArgByName(func, shape.name);
  size_t rank = shape.dims.size();
  if (!buffer || !isa<MemRefType>(buffer.getType()) || rank < 2 ||
      llvm::any_of(shape.dims, [](auto &d) { return !d; }))
    return out;
  SmallVector<Monomial> strides(rank);
  for (size_t k = rank - 1; k-- > 0;)
    strides[k] = strides[k + 1].times(*shape.dims[k + 1]);
  func.walk([&](Operation *op) {
    std::optional<MemAccess> acc = getMemAccess(op);
    if (!acc || acc->memref != buffer || acc->indices.size() != 1)
      return;
    if (!loc.trim().empty() && !locMatches(op->getLoc(), loc))
      return;
    SmallVector<Addend> terms;
    if (!addends(func, cIndex(acc->indices.front()), Monomial(), terms) || terms.size() != rank)
      return;
    // Each declared dimension takes the addend of its extent; addends of one
    // extent keep their order (the larger stride the outer dimension).
    SmallVector<size_t> order(rank);
    for (size_t i = 0; i < rank; ++i)
      order[i] = i;
    llvm::stable_sort(order, [&](size_t a, size_t b) {
      return strideGreater(std::get<1>(terms[a]), std::get<1>(terms[b]));
    });
    SmallVector<size_t> dimOf(rank, SIZE_MAX);
    size_t open = SIZE_MAX; // the one dimension no extent names
    for (size_t k = 0; k < rank; ++k) {
      bool got = false;
      for (size_t i : order)
        if (dimOf[i] == SIZE_MAX && std::get<2>(terms[i]) &&
            sameMonomial(*std::get<2>(terms[i]), *shape.dims[k])) {
          dimOf[i] = k;
          got = true;
          break;
        }
      if (!got && open != SIZE_MAX)
        return;
      if (!got)
        open = k;
    }
    // A loop coordinate of unknown extent (`for (r = r0; r < r1; ++r)`)
    // takes the one dimension left.
    if (open != SIZE_MAX) {
      auto left = llvm::make_filter_range(llvm::seq<size_t>(0, rank),
                                          [&](size_t i) { return dimOf[i] == SIZE_MAX; });
      if (std::distance(left.begin(), left.end()) != 1 || std::get<2>(terms[*left.begin()]))
        return;
      dimOf[*left.begin()] = open;
    }
    if (llvm::is_contained(dimOf, SIZE_MAX))
      return;
    bool differs = false;
    for (size_t i = 0; i < rank; ++i)
      differs |= !sameMonomial(std::get<1>(terms[i]), strides[dimOf[i]]);
    if (!differs)
      return;
    Relayout r;
    r.access = op;
    for (OpOperand &o : op->getOpOperands())
      if (o.get() == acc->indices.front())
        r.operand = o.getOperandNumber();
    for (size_t i = 0; i < rank; ++i)
      r.terms.push_back({std::get<0>(terms[i]), strides[dimOf[i]]});
    out.push_back(std::move(r));
  });
  return out;
}
