//===- AccessIndex.cpp - linear access indices as polynomials -------------===//
#include "AccessIndex.h"
#include "EditVocabulary.h"
#include "RepairUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cctype>
#include <functional>

using namespace mlir;
using namespace kfix;

namespace {
/// Monomial counts beyond this make a polynomial opaque (an atom).
constexpr size_t kMaxTerms = 64;
constexpr unsigned kMaxDepth = 48;
} // namespace

Poly kfix::polyConst(int64_t c) {
  Poly p;
  if (c)
    p[{}] = c;
  return p;
}

std::optional<int64_t> kfix::polyAsConst(const Poly &p) {
  if (p.empty())
    return 0;
  if (p.size() == 1 && p.begin()->first.empty())
    return p.begin()->second;
  return std::nullopt;
}

Poly kfix::polyAdd(const Poly &a, const Poly &b, int64_t scale) {
  Poly out = a;
  for (auto &[m, c] : b) {
    int64_t &slot = out[m];
    slot += scale * c;
    if (!slot)
      out.erase(m);
  }
  return out;
}

Poly kfix::polyMul(const Poly &a, const Poly &b) {
  Poly out;
  for (auto &[ma, ca] : a)
    for (auto &[mb, cb] : b) {
      Monomial m = ma;
      m.insert(m.end(), mb.begin(), mb.end());
      llvm::sort(m);
      int64_t &slot = out[m];
      slot += ca * cb;
      if (!slot)
        out.erase(m);
    }
  return out;
}

std::string IndexAlgebra::str(const Poly &p) const {
  if (p.empty())
    return "0";
  std::string s;
  for (auto &[m, c] : p) {
    if (!s.empty())
      s += "+";
    s += std::to_string(c);
    for (unsigned id : m)
      s += "*" + atoms[id].key;
  }
  return s;
}

unsigned IndexAlgebra::intern(Atom a) {
  auto it = byKey.find(a.key);
  if (it != byKey.end())
    return it->second;
  atoms.push_back(std::move(a));
  byKey[atoms.back().key] = atoms.size() - 1;
  return atoms.size() - 1;
}

//===----------------------------------------------------------------------===//
// Dimensions written in C over the kernel's parameters.
//===----------------------------------------------------------------------===//

namespace {
struct DimParser {
  llvm::StringRef text;
  size_t pos = 0;
  std::string &error;
  std::function<std::optional<Poly>(llvm::StringRef)> ident;
  std::function<Poly(const Poly &, const Poly &, bool rem)> divide;

  void skip() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos])))
      ++pos;
  }
  bool eat(char c) {
    skip();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  std::optional<Poly> expr() {
    auto lhs = term();
    while (lhs) {
      if (eat('+')) {
        auto rhs = term();
        if (!rhs)
          return std::nullopt;
        lhs = polyAdd(*lhs, *rhs);
      } else if (eat('-')) {
        auto rhs = term();
        if (!rhs)
          return std::nullopt;
        lhs = polyAdd(*lhs, *rhs, -1);
      } else {
        break;
      }
    }
    return lhs;
  }
  std::optional<Poly> term() {
    auto lhs = factor();
    while (lhs) {
      char op = 0;
      for (char c : {'*', '/', '%'})
        if (eat(c)) {
          op = c;
          break;
        }
      if (!op)
        break;
      auto rhs = factor();
      if (!rhs)
        return std::nullopt;
      lhs = op == '*' ? polyMul(*lhs, *rhs) : divide(*lhs, *rhs, op == '%');
    }
    return lhs;
  }
  std::optional<Poly> factor() {
    skip();
    if (eat('(')) {
      auto e = expr();
      if (!e || !eat(')')) {
        error = "expected ')'";
        return std::nullopt;
      }
      return e;
    }
    if (eat('-')) {
      auto f = factor();
      if (!f)
        return std::nullopt;
      return polyMul(*f, polyConst(-1));
    }
    size_t start = pos;
    if (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
      while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])))
        ++pos;
      int64_t v = 0;
      if (text.slice(start, pos).getAsInteger(10, v)) {
        error = "bad integer";
        return std::nullopt;
      }
      return polyConst(v);
    }
    while (pos < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_'))
      ++pos;
    if (start == pos) {
      error = "unexpected '" + text.substr(pos, 1).str() + "'";
      return std::nullopt;
    }
    return ident(text.slice(start, pos));
  }
};
} // namespace

std::optional<Poly> IndexAlgebra::parseDim(llvm::StringRef text, std::string &error) {
  text = text.trim();
  if (text == "?")
    return std::nullopt;
  DimParser p{text, 0, error, nullptr, nullptr};
  p.ident = [&](llvm::StringRef name) -> std::optional<Poly> {
    Value arg = getArgByName(func, name);
    if (!arg || !isa<IntegerType>(arg.getType())) {
      error = "kernel @" + func.getName().str() + " has no integer parameter named '" + name.str() +
              "'";
      return std::nullopt;
    }
    return build(arg);
  };
  p.divide = [&](const Poly &a, const Poly &b, bool rem) {
    auto ca = polyAsConst(a), cb = polyAsConst(b);
    if (ca && cb && *cb)
      return polyConst(rem ? *ca % *cb : *ca / *cb);
    Atom atom{rem ? Atom::Rem : Atom::Div, {}, a, b, false, ""};
    atom.key = std::string(rem ? "rem(" : "div(") + str(a) + "," + str(b) + ")";
    return atomPoly(intern(std::move(atom)));
  };
  auto poly = p.expr();
  p.skip();
  if (poly && p.pos != text.size()) {
    error = "unexpected '" + text.substr(p.pos).str() + "'";
    return std::nullopt;
  }
  if (!poly && error.empty())
    error = "malformed dimension";
  return poly;
}

void IndexAlgebra::setDims(const std::vector<std::optional<Poly>> &dims) {
  memo.clear();
  known.clear();
  compound.clear();
  dimInfo.clear();
  for (auto [i, d] : llvm::enumerate(dims)) {
    DimInfo info;
    if (d) {
      info.known = true;
      info.poly = *d;
      if (auto c = polyAsConst(*d)) {
        info.constant = *c;
      } else if (d->size() == 1 && d->begin()->second == 1 && d->begin()->first.size() == 1) {
        info.atom = d->begin()->first.front();
      } else {
        Atom atom{Atom::Dim, {}, *d, {}, false, "dim(" + str(*d) + ")"};
        info.atom = intern(std::move(atom));
        compound.push_back({*d, *info.atom});
      }
    }
    dimInfo.push_back(std::move(info));
  }
}

//===----------------------------------------------------------------------===//
// Kernel values.
//===----------------------------------------------------------------------===//

/// The value last stored to the local variable read by `load` on every path
/// to it, when one store reaches it for sure; null otherwise.
static Value reachingStoredValue(memref::LoadOp load) {
  memref::StoreOp st = edit::reachingStore(load);
  return st ? st.getValue() : Value();
}

Poly IndexAlgebra::build(Value v) { return buildAt(v, 0); }

Poly IndexAlgebra::buildAt(Value v, unsigned depth) {
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  Poly p = buildUncached(v, depth);
  if (p.size() > kMaxTerms) {
    Atom atom{Atom::Value, v, {}, {}, false, ""};
    llvm::raw_string_ostream os(atom.key);
    os << "v" << v.getAsOpaquePointer();
    p = atomPoly(intern(std::move(atom)));
  }
  if (!polyAsConst(p))
    known[p].push_back(v);
  // A compound dimension computed here becomes its atom.
  for (auto &[dim, id] : compound)
    if (p == dim) {
      p = atomPoly(id);
      break;
    }
  memo[v] = p;
  if (!polyAsConst(p) && known[p].empty())
    known[p].push_back(v);
  return p;
}

Poly IndexAlgebra::buildUncached(Value v, unsigned depth) {
  auto opaque = [&]() {
    Atom atom{Atom::Value, v, {}, {}, false, ""};
    llvm::raw_string_ostream os(atom.key);
    if (auto arg = dyn_cast<BlockArgument>(v);
        arg && arg.getOwner()->getParentOp() == func.getOperation())
      os << "a" << arg.getArgNumber();
    else
      os << "v" << v.getAsOpaquePointer();
    return atomPoly(intern(std::move(atom)));
  };
  if (depth > kMaxDepth || !(isa<IntegerType>(v.getType()) || v.getType().isIndex()))
    return opaque();
  if (auto c = getConstInt(v))
    return polyConst(*c);
  Operation *def = v.getDefiningOp();
  if (!def)
    return opaque();
  auto sub = [&](unsigned i) { return buildAt(def->getOperand(i), depth + 1); };
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
          arith::TruncIOp>(def))
    return sub(0);
  if (isa<arith::AddIOp>(def))
    return polyAdd(sub(0), sub(1));
  if (isa<arith::SubIOp>(def))
    return polyAdd(sub(0), sub(1), -1);
  if (isa<arith::MulIOp>(def))
    return polyMul(sub(0), sub(1));
  if (isa<arith::ShLIOp>(def))
    if (auto s = getConstInt(def->getOperand(1)); s && *s >= 0 && *s < 31)
      return polyMul(sub(0), polyConst(int64_t(1) << *s));
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(def)) {
    bool rem = isa<arith::RemSIOp, arith::RemUIOp>(def);
    bool isUnsigned = isa<arith::DivUIOp, arith::RemUIOp>(def);
    Poly a = sub(0), b = sub(1);
    Atom atom{rem ? Atom::Rem : Atom::Div, {}, a, b, isUnsigned, ""};
    // Keyed without signedness: the shape's `W/2` is the kernel's `W / 2u`.
    atom.key = std::string(rem ? "rem(" : "div(") + str(a) + "," + str(b) + ")";
    return atomPoly(intern(std::move(atom)));
  }
  if (auto load = dyn_cast<memref::LoadOp>(def))
    if (Value stored = reachingStoredValue(load))
      return buildAt(stored, depth + 1);
  return opaque();
}

//===----------------------------------------------------------------------===//
// Decomposition and emission.
//===----------------------------------------------------------------------===//

std::vector<IndexCheck> IndexAlgebra::decompose(const Poly &index) {
  std::vector<IndexCheck> checks;
  Poly rest = index;
  for (int k = static_cast<int>(dimInfo.size()) - 1; k >= 0; --k) {
    const DimInfo &d = dimInfo[k];
    if (!d.known)
      break;
    if (k == 0) {
      checks.push_back({rest, d.poly});
      break;
    }
    Poly row, col;
    for (auto &[m, c] : rest) {
      if (d.atom) {
        auto pos = llvm::find(m, *d.atom);
        if (pos != m.end()) {
          Monomial reduced = m;
          reduced.erase(reduced.begin() + (pos - m.begin()));
          row[reduced] += c;
          continue;
        }
      } else if (d.constant && *d.constant > 0 && !m.empty() && c % *d.constant == 0) {
        row[m] += c / *d.constant;
        continue;
      }
      col[m] += c;
    }
    if (row.empty()) {
      // A flat index over the leading dims: only its total extent is known.
      Poly total = polyConst(1);
      for (int j = 0; j <= k; ++j) {
        if (!dimInfo[j].known)
          return checks;
        total = polyMul(total, dimInfo[j].poly);
      }
      checks.push_back({rest, total});
      break;
    }
    checks.push_back({col, d.poly});
    rest = row;
  }
  return checks;
}

void IndexAlgebra::collectValues(const Poly &p, std::vector<Value> &out) const {
  for (auto &[m, c] : p)
    for (unsigned id : m) {
      const Atom &a = atoms[id];
      if (a.kind == Atom::Value)
        out.push_back(a.value);
      collectValues(a.lhs, out);
      collectValues(a.rhs, out);
    }
}

Value IndexAlgebra::toI64(OpBuilder &b, Location loc, Value v) {
  Type i64 = b.getI64Type();
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i64, v);
  auto it = cast<IntegerType>(v.getType());
  if (it.getWidth() == 64)
    return v;
  if (it.getWidth() == 1)
    return arith::ExtUIOp::create(b, loc, i64, v);
  return arith::ExtSIOp::create(b, loc, i64, v);
}

Value IndexAlgebra::knownValue(const Poly &p, Operation *at) {
  auto it = known.find(p);
  if (it == known.end())
    return {};
  // A read of a named variable first (it exports as the variable's name).
  for (bool wantVar : {true, false})
    for (Value v : it->second)
      if (bool(loadedVar(v)) == wantVar && dom.properlyDominates(v, at))
        return v;
  return {};
}

Value IndexAlgebra::emitAtom(OpBuilder &b, Location loc, unsigned id, Operation *at) {
  const Atom &a = atoms[id];
  switch (a.kind) {
  case Atom::Value:
    if (!dom.properlyDominates(a.value, at))
      return {};
    return toI64(b, loc, a.value);
  case Atom::Dim:
    return emit(b, loc, a.lhs, at);
  case Atom::Div:
  case Atom::Rem: {
    Value l = emit(b, loc, a.lhs, at), r = emit(b, loc, a.rhs, at);
    if (!l || !r)
      return {};
    if (a.kind == Atom::Div)
      return a.isUnsigned ? Value(arith::DivUIOp::create(b, loc, l, r))
                          : Value(arith::DivSIOp::create(b, loc, l, r));
    return a.isUnsigned ? Value(arith::RemUIOp::create(b, loc, l, r))
                        : Value(arith::RemSIOp::create(b, loc, l, r));
  }
  }
  return {};
}

Value IndexAlgebra::emit(OpBuilder &b, Location loc, const Poly &p, Operation *at) {
  Type i64 = b.getI64Type();
  auto cst = [&](int64_t c) { return arith::ConstantIntOp::create(b, loc, i64, c); };
  if (auto c = polyAsConst(p))
    return cst(*c);
  // Reuse what the kernel computed: the whole polynomial, else the largest
  // part of it that some kernel value holds (`x + 1` from `x`).
  for (auto &[dim, id] : compound)
    if (p == dim)
      if (Value v = knownValue(atomPoly(id), at))
        return toI64(b, loc, v);
  if (Value v = knownValue(p, at))
    return toI64(b, loc, v);
  const Poly *best = nullptr;
  Value bestValue;
  for (auto &[q, values] : known) {
    if (q.size() >= p.size() || (best && q.size() <= best->size()))
      continue;
    bool subsum = llvm::all_of(q, [&](auto &mc) {
      auto it = p.find(mc.first);
      return it != p.end() && it->second == mc.second;
    });
    if (!subsum)
      continue;
    if (Value v = knownValue(q, at)) {
      best = &q;
      bestValue = v;
    }
  }
  if (best) {
    Value rest = emit(b, loc, polyAdd(p, *best, -1), at);
    if (!rest)
      return {};
    return arith::AddIOp::create(b, loc, toI64(b, loc, bestValue), rest);
  }
  Value sum;
  for (auto &[m, c] : p) {
    Value term;
    for (unsigned id : m) {
      Value a = emitAtom(b, loc, id, at);
      if (!a)
        return {};
      term = term ? Value(arith::MulIOp::create(b, loc, term, a)) : a;
    }
    if (!term)
      term = cst(c);
    else if (c != 1)
      term = arith::MulIOp::create(b, loc, term, cst(c));
    sum = sum ? Value(arith::AddIOp::create(b, loc, sum, term)) : term;
  }
  return sum ? sum : Value(cst(0));
}

bool IndexAlgebra::atomNonNegative(unsigned id, unsigned depth) {
  if (depth > 8)
    return false;
  const Atom &a = atoms[id];
  auto polyOk = [&](const Poly &p) {
    return llvm::all_of(p, [&](auto &mc) {
      return mc.second > 0 &&
             llvm::all_of(mc.first, [&](unsigned i) { return atomNonNegative(i, depth + 1); });
    });
  };
  switch (a.kind) {
  case Atom::Dim:
    return true;
  case Atom::Div:
  case Atom::Rem:
    return polyOk(a.lhs) && polyOk(a.rhs);
  case Atom::Value: {
    Value v = stripCasts(a.value);
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner()->getParentOp() == func.getOperation())
        return true; // a size parameter
      if (auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
        return arg == forOp.getInductionVar() && polyOk(build(forOp.getLowerBound())) &&
               getConstInt(forOp.getStep()).value_or(0) > 0;
      return false;
    }
    return isa_and_nonnull<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
                           gpu::LaneIdOp>(v.getDefiningOp());
  }
  }
  return false;
}

bool IndexAlgebra::nonNegative(const Poly &p) {
  return llvm::all_of(p, [&](auto &mc) {
    return mc.second > 0 &&
           llvm::all_of(mc.first, [&](unsigned i) { return atomNonNegative(i, 0); });
  });
}
