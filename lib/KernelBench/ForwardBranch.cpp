//===- ForwardBranch.cpp - `if` statements in ModelNew.forward -------------===//
//
// forward may branch on what is known at import time: an optional parameter
// (`if self.bias is not None:`, `if self.conv.bias is None`), a flag or number
// set by __init__ (`if self.use_relu:`, `if self.dim < 0:`), the contiguity of a
// tensor (every task buffer is contiguous). Such an `if` runs the branch taken;
// what that branch does is judged as anywhere in forward (torch computation in it
// is an INTEGRITY finding). A condition that depends on the data or on a size the
// task changes is an error at the condition.
//
//===----------------------------------------------------------------------===//
#include "ImporterImpl.h"

#include "llvm/ADT/StringSwitch.h"

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using llvm::StringRef;

std::optional<bool> Importer::forwardCondition(const py::Expr &c, llvm::StringMap<PV> &env) {
  // Evaluates `x` without leaving an error behind when it cannot be read.
  auto quiet = [&](const py::Expr &x) -> std::optional<PV> {
    size_t nerr = d.errors.size(), nfind = d.findings.size();
    std::optional<PV> v = eval(x, env);
    if (!v || d.findings.size() != nfind) {
      d.errors.resize(nerr);
      d.findings.resize(nfind);
      return std::nullopt;
    }
    return v;
  };
  // Whether `x` is None: nullopt when unknown.
  auto isNone = [&](const py::Expr &x) -> std::optional<bool> {
    if (x.kind == py::Expr::NoneLit)
      return true;
    std::string dotted = selfDotted(x);
    if (StringRef(dotted).starts_with("self.")) {
      std::string key = dotted.substr(5);
      if (newInit.noneAttrs.count(key))
        return true;
    }
    std::optional<PV> v = quiet(x);
    if (!v || v->kind == PV::Unknown || v->kind == PV::Torch)
      return std::nullopt;
    return v->kind == PV::None;
  };
  switch (c.kind) {
  case py::Expr::Bool:
    return c.i != 0;
  case py::Expr::NoneLit:
    return false;
  case py::Expr::UnaryOp:
    if (c.text == "not")
      if (auto v = forwardCondition(*c.args[0], env))
        return !*v;
    return std::nullopt;
  case py::Expr::BoolOp: {
    auto a = forwardCondition(*c.args[0], env);
    if (a && *a == (c.text == "or"))
      return *a; // short circuit: the right side is not evaluated
    auto b = forwardCondition(*c.args[1], env);
    if (!a || !b)
      return std::nullopt;
    return c.text == "and" ? (*a && *b) : (*a || *b);
  }
  case py::Expr::Call: {
    // x.is_contiguous(): the task's buffers (and forward's views of them) are.
    const py::Expr &callee = *c.args[0];
    if (callee.kind == py::Expr::Attr && callee.text == "is_contiguous" && c.args.size() == 1) {
      std::optional<PV> base = quiet(*callee.args[0]);
      if (base && base->kind == PV::Tensor)
        return true;
    }
    break;
  }
  case py::Expr::Compare: {
    const py::Expr &l = *c.args[0], &r = *c.args[1];
    if (l.kind == py::Expr::NoneLit || r.kind == py::Expr::NoneLit) {
      StringRef op = c.text;
      if (op != "is" && op != "is not" && op != "==" && op != "!=")
        return std::nullopt;
      auto ln = isNone(l), rn = isNone(r);
      if (!ln || !rn)
        return std::nullopt;
      bool same = *ln == *rn;
      return (op == "is" || op == "==") ? same : !same;
    }
    std::optional<PV> a = quiet(l), b = a ? quiet(r) : std::nullopt;
    if (!a || !b || a->kind != PV::Num || b->kind != PV::Num)
      return std::nullopt;
    auto av = fixedInt(a->s, &cscope.symbolValues), bv = fixedInt(b->s, &cscope.symbolValues);
    if (!av || !bv)
      return std::nullopt;
    return llvm::StringSwitch<std::optional<bool>>(c.text)
        .Case("<", *av < *bv)
        .Case("<=", *av <= *bv)
        .Case(">", *av > *bv)
        .Case(">=", *av >= *bv)
        .Case("==", *av == *bv)
        .Case("!=", *av != *bv)
        .Default(std::nullopt);
  }
  default:
    break;
  }
  // A number or flag (`if self.use_bias:`), or an optional value (`if bias:` of
  // None or a tensor).
  std::optional<PV> v = quiet(c);
  if (!v)
    return std::nullopt;
  if (v->kind == PV::None)
    return false;
  if (v->kind == PV::Ext || v->kind == PV::ExtFn)
    return true; // the truth of a tensor is its data: unknown
  if (v->kind == PV::Num)
    if (auto k = fixedInt(v->s, &cscope.symbolValues))
      return *k != 0;
  return std::nullopt;
}

bool Importer::execIf(const py::Stmt &s, llvm::StringMap<PV> &env, std::vector<PV> &outputs,
                      bool &returned, PV *ret) {
  std::optional<bool> taken = forwardCondition(*s.value, env);
  if (!taken) {
    d.error(cand.where(s.value->loc),
            "cannot decide this condition in ModelNew.forward at import time (the importer "
            "follows an `if` on None-ness of parameters, numbers and flags fixed for every "
            "size, and x.is_contiguous())");
    return false;
  }
  if (*taken)
    return execBlock(s.body, env, outputs, returned, ret);
  for (const py::Stmt &cl : s.clauses) {
    if (cl.name == "else")
      return execBlock(cl.body, env, outputs, returned, ret);
    if (cl.name == "elif" && cl.value) {
      std::optional<bool> t = forwardCondition(*cl.value, env);
      if (!t) {
        d.error(cand.where(cl.value->loc),
                "cannot decide this condition in ModelNew.forward at import time");
        return false;
      }
      if (*t)
        return execBlock(cl.body, env, outputs, returned, ret);
    }
  }
  return true;
}
