//===- PyConstScope.cpp - constant evaluation of a problem file's Python -===//
//
// ConstScope (PyModel.h): the values of module-level constants and the
// conditions and size expressions that get_inputs, get_init_inputs and
// __init__ compute from them.
//
//===----------------------------------------------------------------------===//
#include "PyModel.h"

#include "llvm/ADT/StringExtras.h"
#include <cmath>
#include <functional>

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;

ConstScope::ConstScope(const py::Module &m) : mod(m) {
  for (const py::Stmt &s : m.body)
    if (s.kind == py::Stmt::Assign && s.value)
      for (const py::ExprP &t : s.targets) {
        if (t->kind == py::Expr::Name)
          consts[t->text] = s.value.get();
        // `height, width = 32, 32`
        if ((t->kind == py::Expr::Tuple || t->kind == py::Expr::List) &&
            (s.value->kind == py::Expr::Tuple || s.value->kind == py::Expr::List) &&
            t->args.size() == s.value->args.size())
          for (size_t i = 0; i < t->args.size(); ++i)
            if (t->args[i]->kind == py::Expr::Name)
              consts[t->args[i]->text] = s.value->args[i].get();
      }
}

const py::Expr &ConstScope::resolve(const py::Expr &e) const {
  const py::Expr *cur = &e;
  for (int depth = 0; depth < 32; ++depth) {
    // tuple(X) / list(X) of a sequence is that sequence.
    if (cur->kind == py::Expr::Call && cur->args.size() == 2 && cur->kwargs.empty() &&
        cur->args[0]->kind == py::Expr::Name &&
        (cur->args[0]->text == "tuple" || cur->args[0]->text == "list")) {
      const py::Expr &inner = resolve(*cur->args[1]);
      if (inner.kind == py::Expr::Tuple || inner.kind == py::Expr::List)
        return inner;
      break;
    }
    // self.X that __init__ set to an expression (`self.shape = tuple(shape)`).
    if (cur->kind == py::Expr::Attr) {
      std::string dotted = py::dottedName(*cur);
      auto it = llvm::StringRef(dotted).starts_with("self.") ? selfExprs.find(dotted.substr(5))
                                                             : selfExprs.end();
      if (it == selfExprs.end() || it->second == cur)
        break;
      cur = it->second;
      continue;
    }
    if (cur->kind != py::Expr::Name)
      break;
    const py::Expr *next = nullptr;
    bool local = false;
    for (auto it = localExprs.rbegin(); it != localExprs.rend() && !next; ++it)
      if (auto f = it->find(cur->text); f != it->end())
        next = f->second;
    for (auto it = locals.rbegin(); it != locals.rend() && !next && !local; ++it)
      local = it->count(cur->text);
    if (!next && !local)
      if (auto c = consts.find(cur->text); c != consts.end())
        next = c->second;
    if (!next || next == cur)
      break;
    cur = next;
  }
  return *cur;
}

std::optional<std::vector<const py::Expr *>>
ConstScope::sequence(const py::Expr &e) const {
  const py::Expr &r = resolve(e);
  if (r.kind != py::Expr::Tuple && r.kind != py::Expr::List)
    return std::nullopt;
  std::vector<const py::Expr *> out;
  for (const py::ExprP &item : r.args) {
    if (item->kind == py::Expr::Opaque && item->text == "a starred argument" &&
        item->args.size() == 1) {
      auto inner = sequence(*item->args[0]);
      if (!inner)
        return std::nullopt;
      out.insert(out.end(), inner->begin(), inner->end());
      continue;
    }
    out.push_back(item.get());
  }
  return out;
}

std::optional<bool> ConstScope::condition(const py::Expr &e) {
  std::string why;
  switch (e.kind) {
  case py::Expr::Bool:
    return e.i != 0;
  case py::Expr::NoneLit:
    return false;
  case py::Expr::UnaryOp:
    if (e.text == "not")
      if (auto c = condition(*e.args[0]))
        return !*c;
    return std::nullopt;
  case py::Expr::BoolOp: {
    auto a = condition(*e.args[0]);
    auto b = condition(*e.args[1]);
    if (e.text == "and" && ((a && !*a) || (b && !*b)))
      return false;
    if (e.text == "or" && ((a && *a) || (b && *b)))
      return true;
    if (a && b)
      return e.text == "and" ? (*a && *b) : (*a || *b);
    return std::nullopt;
  }
  case py::Expr::Compare: {
    if (e.text == "is" || e.text == "is not") {
      const py::Expr &l = resolve(*e.args[0]), &r = resolve(*e.args[1]);
      auto isNone = [&](const py::Expr &x) -> std::optional<bool> {
        if (x.kind == py::Expr::NoneLit)
          return true;
        if (x.kind == py::Expr::Name) { // a local bound to a number, or unknown
          std::string w;
          if (toSym(x, w))
            return false;
          return std::nullopt;
        }
        return false; // a literal, a tuple, a call: not None
      };
      auto ln = isNone(l), rn = isNone(r);
      if (!ln || !rn || (!*ln && !*rn))
        return std::nullopt;
      bool same = *ln == *rn;
      return e.text == "is" ? same : !same;
    }
    auto a = toSym(*e.args[0], why);
    auto b = a ? toSym(*e.args[1], why) : std::nullopt;
    if (!b)
      return std::nullopt;
    auto av = evalSym(*a, symbolValues), bv = evalSym(*b, symbolValues);
    if (!av || !bv)
      return std::nullopt;
    return compareValues(e.text, *av, *bv);
  }
  default: {
    auto s = toSym(e, why);
    auto v = s ? evalSym(*s, symbolValues) : std::nullopt;
    if (v)
      return *v != 0;
    return std::nullopt;
  }
  }
}

std::optional<SymP> ConstScope::toSym(const py::Expr &e, std::string &why) {
  switch (e.kind) {
  case py::Expr::Int:
    return lit(e.i);
  case py::Expr::Float:
    return flit(e.f);
  case py::Expr::Bool:
    return lit(e.i);
  case py::Expr::Name: {
    for (auto it = locals.rbegin(); it != locals.rend(); ++it)
      if (auto f = it->find(e.text); f != it->end()) {
        if (!f->second) {
          why = "'" + e.text + "' has no value the importer can follow";
          return std::nullopt;
        }
        return f->second;
      }
    for (auto it = localExprs.rbegin(); it != localExprs.rend(); ++it)
      if (auto f = it->find(e.text); f != it->end()) {
        if (f->second == &e)
          break;
        return toSym(*f->second, why);
      }
    auto c = consts.find(e.text);
    if (c == consts.end()) {
      why = "unknown name '" + e.text + "'";
      return std::nullopt;
    }
    const py::Expr &v = *c->second;
    if (v.kind == py::Expr::Int) {
      symbolValues[e.text] = v.i;
      return var(e.text);
    }
    if (&v == &e) {
      why = "'" + e.text + "' refers to itself";
      return std::nullopt;
    }
    return toSym(v, why);
  }
  case py::Expr::UnaryOp: {
    auto a = toSym(*e.args[0], why);
    if (!a)
      return std::nullopt;
    if (e.text == "-")
      return neg(*a);
    if (e.text == "+")
      return a;
    why = "operator '" + e.text + "'";
    return std::nullopt;
  }
  case py::Expr::BinOp: {
    auto a = toSym(*e.args[0], why);
    auto b = a ? toSym(*e.args[1], why) : std::nullopt;
    if (!b)
      return std::nullopt;
    if (e.text == "+") return bin(Sym::Add, *a, *b);
    if (e.text == "-") return bin(Sym::Sub, *a, *b);
    if (e.text == "*") return bin(Sym::Mul, *a, *b);
    if (e.text == "//") return bin(Sym::Div, *a, *b); // sizes are non-negative
    if (e.text == "%") return bin(Sym::Mod, *a, *b);
    if (e.text == "/") {
      auto fa = (*a)->isFloat() ? *a : bin(Sym::Mul, flit(1.0), *a);
      return bin(Sym::Div, fa, *b);
    }
    if (e.text == "<<" || e.text == ">>") {
      auto ca = constInt(*a), cb = constInt(*b);
      if (!ca || !cb) { // `1 << 20` with symbols: fold through their values
        auto va = evalSym(*a, symbolValues), vb = evalSym(*b, symbolValues);
        if (va && vb) {
          ca = (int64_t)*va;
          cb = (int64_t)*vb;
        }
      }
      if (ca && cb && *cb >= 0 && *cb < 63)
        return lit(e.text == "<<" ? (*ca << *cb) : (*ca >> *cb));
    }
    if (e.text == "**") {
      auto ca = constInt(*a), cb = constInt(*b);
      if (ca && cb && *cb >= 0 && *cb < 63) {
        int64_t r = 1;
        for (int64_t i = 0; i < *cb; ++i)
          r *= *ca;
        return lit(r);
      }
    }
    why = "operator '" + e.text + "' on sizes";
    return std::nullopt;
  }
  case py::Expr::IfExp: {
    auto c = condition(*e.args[1]);
    if (!c) {
      why = "a condition the importer cannot decide";
      return std::nullopt;
    }
    return toSym(*e.args[*c ? 0 : 2], why);
  }
  case py::Expr::Call: {
    std::string fn = py::dottedName(*e.args[0]);
    if ((fn == "int" || fn == "float") && e.args.size() == 2)
      return toSym(*e.args[1], why);
    if ((fn == "min" || fn == "max") && e.args.size() == 3) {
      auto a = toSym(*e.args[1], why);
      auto b = a ? toSym(*e.args[2], why) : std::nullopt;
      if (!b)
        return std::nullopt;
      return bin(fn == "min" ? Sym::Min : Sym::Max, *a, *b);
    }
    why = "call of '" + (fn.empty() ? std::string("an expression") : fn) + "'";
    return std::nullopt;
  }
  default:
    why = "an expression that is not a number";
    return std::nullopt;
  }
}
