//===- Sym.cpp - symbolic sizes of the KernelBench importer ----------------===//
#include "Sym.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cmath>

using namespace kfix::kb;

bool Sym::isFloat() const {
  switch (kind) {
  case FLit: return true;
  case Lit: case Var: return false;
  case Neg: return a->isFloat();
  default: return a->isFloat() || b->isFloat();
  }
}

SymP kfix::kb::lit(int64_t v) {
  auto s = std::make_shared<Sym>();
  s->kind = Sym::Lit;
  s->v = v;
  return s;
}

SymP kfix::kb::flit(double f) {
  auto s = std::make_shared<Sym>();
  s->kind = Sym::FLit;
  s->f = f;
  return s;
}

SymP kfix::kb::var(const std::string &name) {
  auto s = std::make_shared<Sym>();
  s->kind = Sym::Var;
  s->name = name;
  return s;
}

std::optional<int64_t> kfix::kb::constInt(const SymP &s) {
  if (s && s->kind == Sym::Lit)
    return s->v;
  return std::nullopt;
}

SymP kfix::kb::neg(SymP a) {
  if (auto c = constInt(a))
    return lit(-*c);
  if (a->kind == Sym::FLit)
    return flit(-a->f);
  auto s = std::make_shared<Sym>();
  s->kind = Sym::Neg;
  s->a = a;
  return s;
}

bool kfix::kb::same(const SymP &x, const SymP &y) {
  if (x == y)
    return true;
  if (!x || !y || x->kind != y->kind)
    return false;
  switch (x->kind) {
  case Sym::Lit: return x->v == y->v;
  case Sym::FLit: return x->f == y->f;
  case Sym::Var: return x->name == y->name;
  case Sym::Neg: return same(x->a, y->a);
  default: return same(x->a, y->a) && same(x->b, y->b);
  }
}

static int64_t cdiv(int64_t a, int64_t b) { return a / b + ((a % b != 0) && ((a > 0) == (b > 0))); }

SymP kfix::kb::bin(Sym::Kind k, SymP a, SymP b) {
  auto ca = constInt(a), cb = constInt(b);
  if (ca && cb) {
    int64_t x = *ca, y = *cb;
    switch (k) {
    case Sym::Add: return lit(x + y);
    case Sym::Sub: return lit(x - y);
    case Sym::Mul: return lit(x * y);
    case Sym::Div: if (y != 0) return lit(x / y); break;
    case Sym::Mod: if (y != 0) return lit(x % y); break;
    case Sym::CeilDiv: if (y != 0) return lit(cdiv(x, y)); break;
    case Sym::Min: return lit(std::min(x, y));
    case Sym::Max: return lit(std::max(x, y));
    default: break;
    }
  }
  if ((a->kind == Sym::FLit || ca) && (b->kind == Sym::FLit || cb) &&
      (a->kind == Sym::FLit || b->kind == Sym::FLit)) {
    double x = a->kind == Sym::FLit ? a->f : double(*ca);
    double y = b->kind == Sym::FLit ? b->f : double(*cb);
    switch (k) {
    case Sym::Add: return flit(x + y);
    case Sym::Sub: return flit(x - y);
    case Sym::Mul: return flit(x * y);
    case Sym::Div: if (y != 0) return flit(x / y); break;
    default: break;
    }
  }
  // Identities.
  if (k == Sym::Add && ca && *ca == 0) return b;
  if ((k == Sym::Add || k == Sym::Sub) && cb && *cb == 0) return a;
  if (k == Sym::Mul && ((ca && *ca == 1))) return b;
  if ((k == Sym::Mul || k == Sym::Div || k == Sym::CeilDiv) && cb && *cb == 1) return a;
  // Sizes are positive: n / n = 1.
  if ((k == Sym::Div || k == Sym::CeilDiv) && !a->isFloat() && same(a, b) && !constInt(a))
    return lit(1);
  // (x + c1) - c2 -> x + (c1 - c2); (x + c1) + c2 likewise.
  if ((k == Sym::Add || k == Sym::Sub) && cb && a->kind == Sym::Add && constInt(a->b)) {
    int64_t c = *constInt(a->b) + (k == Sym::Add ? *cb : -*cb);
    return bin(Sym::Add, a->a, lit(c));
  }
  if (k == Sym::Sub && cb && *cb > 0 && !a->isFloat())
    return bin(Sym::Add, a, lit(-*cb));
  // Ceil division: (n + (d - 1)) / d.
  if (k == Sym::Div && a->kind == Sym::Add) {
    if (cb && constInt(a->b) && *constInt(a->b) == *cb - 1 && *cb > 0)
      return bin(Sym::CeilDiv, a->a, b);
    // (n + d - 1) / d with symbolic d: a = (n + d) + (-1).
    if (constInt(a->b) && *constInt(a->b) == -1 && a->a->kind == Sym::Add &&
        same(a->a->b, b))
      return bin(Sym::CeilDiv, a->a->a, b);
  }
  auto s = std::make_shared<Sym>();
  s->kind = k;
  s->a = a;
  s->b = b;
  return s;
}

static int prec(const Sym &s) {
  switch (s.kind) {
  case Sym::Add: case Sym::Sub: return 1;
  case Sym::Mul: case Sym::Div: case Sym::Mod: return 2;
  case Sym::Neg: return 3;
  default: return 4;
  }
}

static std::string printP(const SymP &s, int minPrec) {
  std::string out;
  switch (s->kind) {
  case Sym::Lit: out = std::to_string(s->v); if (s->v < 0) out = "(" + out + ")"; return out;
  case Sym::FLit: {
    std::string t;
    llvm::raw_string_ostream os(t);
    os << llvm::format("%.17g", s->f);
    if (t.find_first_of(".eEn") == std::string::npos)
      t += ".0";
    return s->f < 0 ? "(" + t + ")" : t;
  }
  case Sym::Var: return s->name;
  case Sym::Neg: out = "-" + printP(s->a, 3); break;
  case Sym::CeilDiv: return "ceildiv(" + printP(s->a, 0) + ", " + printP(s->b, 0) + ")";
  case Sym::Min: return "min(" + printP(s->a, 0) + ", " + printP(s->b, 0) + ")";
  case Sym::Max: return "max(" + printP(s->a, 0) + ", " + printP(s->b, 0) + ")";
  case Sym::Add:
    if (auto c = constInt(s->b); c && *c < 0) {
      out = printP(s->a, 1) + " - " + std::to_string(-*c);
      break;
    }
    out = printP(s->a, 1) + " + " + printP(s->b, 2);
    break;
  case Sym::Sub: out = printP(s->a, 1) + " - " + printP(s->b, 2); break;
  case Sym::Mul: out = printP(s->a, 2) + "*" + printP(s->b, 3); break;
  case Sym::Div: out = printP(s->a, 2) + "/" + printP(s->b, 3); break;
  case Sym::Mod: out = printP(s->a, 2) + "%" + printP(s->b, 3); break;
  }
  return prec(*s) < minPrec ? "(" + out + ")" : out;
}

std::string kfix::kb::print(const SymP &s) { return s ? printP(s, 0) : "?"; }

std::optional<double> kfix::kb::evalSym(const SymP &s, const llvm::StringMap<int64_t> &env) {
  switch (s->kind) {
  case Sym::Lit: return double(s->v);
  case Sym::FLit: return s->f;
  case Sym::Var: {
    auto it = env.find(s->name);
    if (it == env.end())
      return std::nullopt;
    return double(it->second);
  }
  case Sym::Neg: {
    auto a = evalSym(s->a, env);
    return a ? std::optional<double>(-*a) : std::nullopt;
  }
  default: break;
  }
  auto a = evalSym(s->a, env), b = evalSym(s->b, env);
  if (!a || !b)
    return std::nullopt;
  bool fl = s->isFloat();
  switch (s->kind) {
  case Sym::Add: return *a + *b;
  case Sym::Sub: return *a - *b;
  case Sym::Mul: return *a * *b;
  case Sym::Div:
    if (*b == 0) return std::nullopt;
    return fl ? *a / *b : double(int64_t(*a) / int64_t(*b));
  case Sym::Mod:
    if (*b == 0) return std::nullopt;
    return double(int64_t(*a) % int64_t(*b));
  case Sym::CeilDiv:
    if (*b == 0) return std::nullopt;
    return double(cdiv(int64_t(*a), int64_t(*b)));
  case Sym::Min: return std::min(*a, *b);
  case Sym::Max: return std::max(*a, *b);
  default: return std::nullopt;
  }
}

void kfix::kb::symbolsOf(const SymP &s, std::vector<std::string> &out) {
  if (!s)
    return;
  if (s->kind == Sym::Var) {
    if (std::find(out.begin(), out.end(), s->name) == out.end())
      out.push_back(s->name);
    return;
  }
  symbolsOf(s->a, out);
  symbolsOf(s->b, out);
}

std::optional<int64_t> kfix::kb::fixedInt(const SymP &s, const llvm::StringMap<int64_t> *env) {
  if (!s)
    return std::nullopt;
  if (auto c = constInt(s))
    return c;
  if (!env || s->isFloat())
    return std::nullopt;
  std::vector<std::string> names;
  symbolsOf(s, names);
  for (const std::string &n : names) {
    auto it = env->find(n);
    if (it == env->end() || it->second > kFixedSymbolMax || it->second < 0)
      return std::nullopt;
  }
  auto v = evalSym(s, *env);
  if (!v)
    return std::nullopt;
  return int64_t(*v);
}

SymP kfix::kb::compareSym(llvm::StringRef op, const SymP &l, const SymP &r) {
  auto pos = [](SymP d) { return bin(Sym::Min, bin(Sym::Max, d, lit(0)), lit(1)); };
  SymP gt = pos(bin(Sym::Sub, l, r)), lt = pos(bin(Sym::Sub, r, l));
  if (op == ">")
    return gt;
  if (op == "<")
    return lt;
  if (op == ">=")
    return bin(Sym::Sub, lit(1), lt);
  if (op == "<=")
    return bin(Sym::Sub, lit(1), gt);
  if (op == "!=")
    return bin(Sym::Add, gt, lt);
  if (op == "==")
    return bin(Sym::Sub, lit(1), bin(Sym::Add, gt, lt));
  return nullptr;
}

SymP kfix::kb::nonZeroSym(const SymP &a) { return compareSym("!=", a, lit(0)); }
