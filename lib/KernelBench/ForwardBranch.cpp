//===- ForwardBranch.cpp - `if` statements in ModelNew.forward -------------===//
//
// forward may branch on what is known at import time: an optional parameter
// (`if self.bias is not None:`, `if self.conv.bias is None`), a flag or number
// set by __init__ (`if self.use_relu:`, `if self.dim < 0:`), the contiguity of a
// tensor (every task buffer is contiguous). Such an `if` runs the branch taken;
// what that branch does is judged as anywhere in forward (torch computation in it
// is an INTEGRITY finding). The task also knows each tensor's rank, dtype and
// shape: `x.dim()`, `x.ndim`, `len(x.shape)`, `x.dtype == torch.X`, `x.is_cuda`,
// `isinstance(x, torch.Tensor)` are decided; a comparison of sizes the task
// changes (`x.shape[-1] % 4 == 0`) is decided at the problem's sizes and recorded
// as a guard, which the task writer checks at every task size. A condition on
// the data is an error at the condition.
//
//===----------------------------------------------------------------------===//
#include "ImporterImpl.h"


using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using llvm::StringRef;

std::optional<PV> Importer::evalQuietly(const py::Expr &x, llvm::StringMap<PV> &env) {
  size_t nerr = d.errors.size(), nfind = d.findings.size();
  std::optional<PV> v = eval(x, env);
  if (!v || d.findings.size() != nfind) {
    d.errors.resize(nerr);
    d.findings.resize(nfind);
    return std::nullopt;
  }
  return v;
}

std::optional<bool> Importer::forwardCondition(const py::Expr &c, llvm::StringMap<PV> &env) {
  auto quiet = [&](const py::Expr &x) { return evalQuietly(x, env); };
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
    if (std::optional<bool> k = typeCondition(c, env))
      return k;
    if (callee.kind == py::Expr::Attr && callee.text == "is_contiguous" && c.args.size() == 1) {
      std::optional<PV> base = quiet(*callee.args[0]);
      if (base && base->kind == PV::Tensor)
        return true;
    }
    break;
  }
  case py::Expr::Compare: {
    const py::Expr &l = *c.args[0], &r = *c.args[1];
    if (std::optional<bool> dt = dtypeCondition(c, env))
      return dt;
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
      return guardCompare(c, a->s, b->s);
    return compareValues(c.text, *av, *bv);
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
            "follows an `if` on None-ness of parameters, numbers and flags, the inputs' "
            "sizes, ranks and dtypes, and x.is_contiguous())");
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

std::optional<bool> Importer::guardCompare(const py::Expr &c, const SymP &l, const SymP &r) {
  if (!l || !r)
    return std::nullopt;
  // Float constants (`self.eps > 0`).
  llvm::StringMap<int64_t> noSyms;
  std::optional<double> fl = evalSym(l, noSyms), fr = evalSym(r, noSyms);
  if (fl && fr)
    return compareValues(c.text, *fl, *fr);
  if (l->isFloat() || r->isFloat())
    return std::nullopt;
  SymP ind = compareSym(c.text, l, r);
  if (!ind)
    return std::nullopt;
  std::optional<double> now = evalSym(ind, cscope.symbolValues);
  if (!now)
    return std::nullopt;
  Guard g;
  g.cond = ind;
  g.taken = *now != 0;
  g.where = cand.where(c.loc);
  size_t end = c.endOffset > c.loc.offset ? c.endOffset : c.loc.offset;
  g.text = cand.text.substr(c.loc.offset, end - c.loc.offset);
  if (g.text.empty())
    g.text = print(l) + " " + c.text + " " + print(r);
  task.guards.push_back(std::move(g));
  return *now != 0;
}

std::optional<bool> Importer::dtypeCondition(const py::Expr &c, llvm::StringMap<PV> &env) {
  // The dtype `x` names: `t.dtype` of a tensor with a known dtype, or `torch.X`.
  auto dtypeOf = [&](const py::Expr &x) -> std::optional<DType> {
    if (std::optional<DType> t = torchDType(x))
      return t;
    if (x.kind != py::Expr::Attr || x.text != "dtype")
      return std::nullopt;
    size_t nerr = d.errors.size(), nfind = d.findings.size();
    std::optional<PV> base = eval(*x.args[0], env);
    d.errors.resize(nerr);
    d.findings.resize(nfind);
    if (!base || base->kind != PV::Tensor || base->indexed)
      return std::nullopt;
    const Buf &b = task.bufs[base->buf];
    if (b.origin == Buf::Created && !b.dtypeKnown)
      return std::nullopt;
    return b.dtype;
  };
  StringRef op = c.text;
  const py::Expr &l = *c.args[0], &r = *c.args[1];
  bool lAttr = l.kind == py::Expr::Attr && l.text == "dtype";
  bool rAttr = r.kind == py::Expr::Attr && r.text == "dtype";
  if (!lAttr && !rAttr)
    return std::nullopt;
  std::optional<DType> a = dtypeOf(l);
  if (!a)
    return std::nullopt;
  if (op == "in" || op == "not in") {
    if (r.kind != py::Expr::Tuple && r.kind != py::Expr::List)
      return std::nullopt;
    bool found = false;
    for (const py::ExprP &k : r.args) {
      std::optional<DType> t = dtypeOf(*k);
      if (!t)
        return std::nullopt;
      found |= *t == *a;
    }
    return op == "in" ? found : !found;
  }
  std::optional<DType> b = dtypeOf(r);
  if (!b)
    return std::nullopt;
  if (op == "==" || op == "is")
    return *a == *b;
  if (op == "!=" || op == "is not")
    return *a != *b;
  return std::nullopt;
}

std::optional<bool> Importer::typeCondition(const py::Expr &c, llvm::StringMap<PV> &env) {
  const py::Expr &callee = *c.args[0];
  auto quiet = [&](const py::Expr &x) { return evalQuietly(x, env); };
  // x.is_floating_point(): from the tensor's dtype.
  if (callee.kind == py::Expr::Attr && callee.text == "is_floating_point" && c.args.size() == 1) {
    std::optional<PV> base = quiet(*callee.args[0]);
    if (!base || base->kind != PV::Tensor)
      return std::nullopt;
    const Buf &b = task.bufs[base->buf];
    if (b.origin == Buf::Created && !b.dtypeKnown)
      return std::nullopt;
    return isFloat(b.dtype);
  }
  if (callee.kind != py::Expr::Name || callee.text != "isinstance" || c.args.size() != 3 ||
      env.count("isinstance"))
    return std::nullopt;
  std::optional<PV> v = quiet(*c.args[1]);
  if (!v)
    return std::nullopt;
  std::vector<const py::Expr *> types;
  if (c.args[2]->kind == py::Expr::Tuple || c.args[2]->kind == py::Expr::List)
    for (const py::ExprP &k : c.args[2]->args)
      types.push_back(k.get());
  else
    types.push_back(c.args[2].get());
  bool any = false;
  for (const py::Expr *t : types) {
    std::string n = py::dottedName(*t);
    bool tensorType = n == "torch.Tensor" || n == "Tensor" || n == "torch.nn.Parameter" ||
                      n == "nn.Parameter";
    bool numType = n == "int" || n == "float" || n == "bool" || n == "numbers.Number";
    if (!tensorType && !numType && n != "tuple" && n != "list" && n != "type(None)")
      return std::nullopt;
    if (v->kind == PV::Tensor)
      any |= n == "torch.Tensor" || n == "Tensor";
    else if (v->kind == PV::Num) {
      bool isF = v->s && v->s->isFloat();
      any |= n == "numbers.Number" || (n == "float" && isF) || (n == "int" && !isF);
    } else if (v->kind == PV::Tuple)
      any |= n == "tuple" || n == "list";
    else if (v->kind == PV::None)
      any |= n == "type(None)";
    else
      return std::nullopt;
  }
  return any;
}

std::optional<PV> Importer::tensorFact(const py::Expr &e, const PV &base, StringRef name,
                                       bool call) {
  if (base.kind != PV::Tensor || base.indexed)
    return std::nullopt;
  const Buf &b = task.bufs[base.buf];
  PV n;
  n.kind = PV::Num;
  n.loc = e.loc.offset;
  if ((!call && name == "ndim") || (call && name == "ndimension")) {
    n.s = lit(int64_t(b.shape.size()));
    return n;
  }
  if ((!call && name == "is_cuda") || (call && name == "is_contiguous")) {
    n.s = lit(1); // task buffers live on the device and are contiguous
    return n;
  }
  if (call && name == "size") { // x.size(): the shape
    PV t;
    t.kind = PV::Tuple;
    t.loc = e.loc.offset;
    for (const SymP &s : b.shape) {
      n.s = s;
      t.items.push_back(n);
    }
    return t;
  }
  return std::nullopt;
}

std::optional<PV> Importer::evalLen(const py::Expr &e, llvm::StringMap<PV> &env,
                                    bool &handled) {
  handled = false;
  const py::Expr &callee = *e.args[0];
  if (callee.kind != py::Expr::Name || callee.text != "len" || env.count("len") ||
      e.args.size() != 2 || !e.kwargs.empty())
    return std::nullopt;
  handled = true;
  std::optional<PV> v = eval(*e.args[1], env);
  if (!v)
    return std::nullopt;
  if (v->kind != PV::Tuple) {
    d.error(cand.where(e.loc), "len(...) of something that is not a tuple or a shape");
    return std::nullopt;
  }
  PV n;
  n.kind = PV::Num;
  n.loc = e.loc.offset;
  n.s = lit(int64_t(v->items.size()));
  return n;
}

std::optional<PV> Importer::evalIfExp(const py::Expr &e, llvm::StringMap<PV> &env) {
  std::optional<bool> c = forwardCondition(*e.args[1], env);
  if (!c) {
    d.error(cand.where(e.args[1]->loc),
            "cannot decide this condition in ModelNew.forward at import time (the importer "
            "follows conditions on None-ness, numbers and flags, sizes, ranks and dtypes "
            "of the inputs)");
    return std::nullopt;
  }
  return eval(*e.args[*c ? 0 : 2], env);
}
