//===- ImportForward.cpp - evaluate ModelNew.forward over the extension ----===//
#include "ImporterImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using llvm::StringRef;

namespace {
std::string exprText(const py::Module &m, const py::Expr &e) {
  size_t end = e.endOffset > e.loc.offset ? e.endOffset : e.loc.offset;
  std::string s = m.text.substr(e.loc.offset, std::min<size_t>(end - e.loc.offset, 60));
  if (s.empty())
    s = py::dottedName(e);
  return s;
}
} // namespace

void Importer::torchOp(const py::Expr &e, const std::string &what) {
  d.finding("torch-op", cand.where(e.loc),
            "torch computation '" + what + "' in ModelNew.forward (the work is not done by the "
            "candidate's kernels)");
}

void Importer::scanTorchCalls(const py::Block &b) {
  std::function<void(const py::Expr &)> visit = [&](const py::Expr &e) {
    if (e.kind == py::Expr::Call) {
      std::string fn = py::dottedName(*e.args[0]);
      if (StringRef(fn).starts_with("torch.") || StringRef(fn).starts_with("F.") ||
          StringRef(fn).starts_with("self."))
        torchOp(e, fn);
    }
    for (const py::ExprP &k : e.args)
      if (k)
        visit(*k);
    for (const auto &kv : e.kwargs)
      if (kv.second)
        visit(*kv.second);
  };
  for (const py::Stmt &s : b) {
    if (s.value)
      visit(*s.value);
    scanTorchCalls(s.body);
    for (const py::Stmt &c : s.clauses)
      scanTorchCalls(c.body);
  }
}

bool Importer::requireMapped(const PV &v, const std::string &use) {
  if (v.kind == PV::Torch) {
    d.error(cand.where(v.loc), "cannot map torch computation '" + v.name + "' that " + use +
                                   " (the task can only hold the extension's kernels)");
    return false;
  }
  if (v.kind == PV::Tuple) {
    for (const PV &i : v.items)
      if (!requireMapped(i, use))
        return false;
    return true;
  }
  if (v.kind == PV::Unknown) {
    d.error(cand.where(v.loc), "cannot map '" + v.name + "' that " + use);
    return false;
  }
  return true;
}

std::optional<PV> Importer::callExt(const py::Expr &e, const PV &fn, std::vector<PV> &args) {
  ExtUnit &x = exts[fn.ext];
  std::string cppName = fn.name;
  if (auto it = x.pyToCpp.find(fn.name); it != x.pyToCpp.end())
    cppName = it->second;
  const cpp::Function *w = x.unit.find(cppName);
  const CudaUnit *wu = &x.unit;
  std::vector<const CudaUnit *> linked;
  if (x.cppUnit)
    linked.push_back(x.cppUnit.get());
  if ((!w || w->isGlobal || w->isDevice) && x.cppUnit) { // a wrapper in cpp_sources
    w = x.cppUnit->find(cppName);
    wu = x.cppUnit.get();
    linked = {&x.unit};
  }
  if (!w || w->isGlobal || w->isDevice) {
    d.error(cand.where(e.loc), "extension function '" + fn.name +
                                   "' has no host wrapper in the cuda_sources or cpp_sources "
                                   "of " + x.handle);
    return std::nullopt;
  }
  std::vector<WVal> wargs;
  for (size_t ai = 0; ai < args.size(); ++ai) {
    const PV &a = args[ai];
    if (!requireMapped(a, "is passed to '" + fn.name + "'"))
      return std::nullopt;
    WVal v;
    if (a.kind == PV::Tensor && a.indexed) {
      d.error(cand.where(a.loc), "a tensor indexed with [i] is passed to '" + fn.name +
                                     "' (the wrapper would see the shape before indexing)");
      return std::nullopt;
    }
    if (a.kind == PV::Tensor) {
      v.kind = WVal::Tensor;
      v.buf = a.buf;
    } else if (a.kind == PV::Num) {
      v.kind = a.s->isFloat() ? WVal::Float : WVal::Int;
      v.s = a.s;
    } else if (a.kind == PV::None) {
      // An optional tensor left out: the wrapper sees None (a kernel that gets
      // it as a null pointer gets a buffer with no elements). pybind11 rejects
      // None for a plain torch::Tensor.
      if (ai < w->params.size() && !StringRef(w->params[ai].type).contains("optional")) {
        d.error(cand.where(a.loc), "None is passed to '" + fn.name + "' for parameter '" +
                                       w->params[ai].name + "' (" + w->params[ai].type +
                                       "), which only an optional tensor parameter accepts");
        return std::nullopt;
      }
      v.kind = WVal::None;
    } else {
      d.error(cand.where(a.loc), "argument of '" + fn.name + "' is neither a tensor nor a "
                                                            "number");
      return std::nullopt;
    }
    wargs.push_back(v);
  }
  if (std::find(usedExts.begin(), usedExts.end(), fn.ext) == usedExts.end())
    usedExts.push_back(fn.ext);
  std::vector<WVal> rets;
  std::string err;
  if (!runWrapper(task, *wu, *w, wargs, rets, err, &cscope.symbolValues, linked)) {
    d.errors.push_back(err);
    return std::nullopt;
  }
  PV r;
  r.loc = e.loc.offset;
  auto one = [&](const WVal &v) {
    PV p;
    p.loc = e.loc.offset;
    if (v.kind == WVal::Tensor) {
      p.kind = PV::Tensor;
      p.buf = v.buf;
    } else {
      p.kind = PV::Unknown;
      p.name = "a non-tensor result of '" + fn.name + "'";
    }
    return p;
  };
  // A wrapper returning std::vector / std::tuple gives Python a list, also with one
  // element (`outputs[0]`).
  StringRef retType = w->returnType;
  bool sequence = retType.contains("vector") || retType.contains("tuple");
  if (rets.empty() && !sequence) {
    r.kind = PV::None;
  } else if (rets.size() == 1 && !sequence) {
    r = one(rets[0]);
  } else {
    r.kind = PV::Tuple;
    for (const WVal &v : rets)
      r.items.push_back(one(v));
  }
  return r;
}

std::optional<PV> Importer::evalCall(const py::Expr &e, llvm::StringMap<PV> &env) {
  const py::Expr &callee = *e.args[0];
  std::string dotted = py::dottedName(callee);
  StringRef root = StringRef(dotted).split('.').first;
  bool moduleCall = root == "torch" || root == "F" || root == "nn" || root == "functional";
  if (StringRef(dotted).starts_with("torch.ops.")) {
    bool handled = false;
    std::optional<PV> r = torchOpsCall(e, dotted, env, handled);
    if (handled)
      return r;
  }
  if (!moduleCall) {
    // A function returning an extension (`_load().f(x)`, `self._get_ext().f(x)`).
    std::string getter;
    if (callee.kind == py::Expr::Name && !env.count(callee.text))
      getter = callee.text + "()";
    else if (std::string sd = selfDotted(callee); StringRef(sd).starts_with("self."))
      getter = sd + "()";
    if (!getter.empty())
      if (int i = extByName(getter, e.loc.offset); i != -1) {
        if (i < 0)
          return std::nullopt;
        PV v;
        v.kind = PV::Ext;
        v.ext = i;
        v.loc = e.loc.offset;
        return v;
      }
    bool followed = false;
    std::optional<PV> r = inlineCall(e, env, followed);
    if (followed)
      return r;
  }
  // Tensor methods.
  if (callee.kind == py::Expr::Attr && !moduleCall) {
    auto base = eval(*callee.args[0], env);
    if (!base)
      return std::nullopt;
    StringRef m = callee.text;
    if (base->kind == PV::Ctx) { // ctx.save_for_backward(x), ctx.mark_dirty(y)
      PV n;
      n.kind = PV::None;
      return n;
    }
    if (base->kind == PV::Ext) {
      PV fn;
      fn.kind = PV::ExtFn;
      fn.ext = base->ext;
      fn.name = m.str();
      return callExtWithArgs(e, fn, env);
    }
    if (base->kind == PV::Tensor) {
      if (m == "new_empty" || m == "new_zeros" || m == "new_ones")
        return allocate(e, 1, base, m == "new_zeros" ? 1 : m == "new_ones" ? 2 : 0,
                        "." + m.str() + "()", env);
      if (std::optional<bool> same = dtypeNoOp(e, *base, env)) {
        if (!*same)
          return std::nullopt;
        return base; // a conversion to the dtype the tensor has: the same buffer
      }
      if (m == "contiguous" || m == "cuda" || m == "detach" || m == "view" ||
          m == "reshape" || m == "flatten" || m == "squeeze" || m == "unsqueeze" ||
          (m == "to" && e.args.size() == 2 && !py::dottedName(*e.args[1]).empty() &&
           !StringRef(py::dottedName(*e.args[1])).starts_with("torch.")) ||
          // .to("cuda"), .to(device=...): a device, no dtype (dtypeNoOp saw none)
          (m == "to" && e.args.size() == 2 && e.args[1]->kind == py::Expr::Str) ||
          (m == "to" && e.args.size() == 1 && py::keyword(e, "device")) ||
          (m == "float" && task.bufs[base->buf].dtype == DType::f32))
        return base; // views and no-ops: same buffer
      if (!base->indexed && e.args.size() == 1)
        if (std::optional<PV> f = tensorFact(e, *base, m, true))
          return f;
      if ((m == "size" || m == "dim") && base->indexed) {
        d.error(cand.where(e.loc), "'." + m.str() + "()' of a tensor indexed with [i] is not "
                                                    "followed");
        return std::nullopt;
      }
      if (m == "size" || m == "numel" || m == "dim") {
        const Buf &b = task.bufs[base->buf];
        PV n;
        n.kind = PV::Num;
        n.loc = e.loc.offset;
        if (m == "numel") {
          n.s = lit(1);
          for (const SymP &s : b.shape)
            n.s = bin(Sym::Mul, n.s, s);
          return n;
        }
        if (m == "dim") {
          n.s = lit(int64_t(b.shape.size()));
          return n;
        }
        if (e.args.size() == 2 && e.args[1]->kind == py::Expr::Int) {
          int64_t i = e.args[1]->i < 0 ? e.args[1]->i + int64_t(b.shape.size()) : e.args[1]->i;
          if (i >= 0 && i < int64_t(b.shape.size())) {
            n.s = b.shape[i];
            return n;
          }
        }
      }
      PV t;
      t.kind = PV::Torch;
      t.loc = e.loc.offset;
      t.name = "." + m.str() + "()";
      torchOp(e, t.name);
      return t;
    }
  }
  StringRef fn(dotted);
  if (fn.starts_with("self.")) {
    std::string key = fn.drop_front(5).str();
    if (newInit.submodules.count(key) || llvm::any_of(newInit.params, [&](const ParamDecl &p) {
          return StringRef(p.key).starts_with(key + ".");
        })) {
      PV t;
      t.kind = PV::Torch;
      t.loc = e.loc.offset;
      t.name = dotted + "(...)";
      torchOp(e, "module call " + t.name);
      return t;
    }
  }
  if (fn.starts_with("torch.") || fn.starts_with("F.") || fn.starts_with("nn.") ||
      fn.starts_with("functional.")) {
    StringRef base = fn.rsplit('.').second;
    if (fn == "torch.cuda.synchronize") {
      PV n;
      n.kind = PV::None;
      return n;
    }
    if (fn.starts_with("torch.") &&
        (base == "empty_like" || base == "zeros_like" || base == "ones_like" ||
         base == "empty" || base == "zeros" || base == "ones")) {
      std::optional<PV> like;
      if (base.ends_with("_like")) {
        like = e.args.size() > 1 ? eval(*e.args[1], env) : std::nullopt;
        if (!like || like->kind != PV::Tensor) {
          d.error(cand.where(e.loc), dotted + " of something that is not an input tensor");
          return std::nullopt;
        }
      }
      return allocate(e, base.ends_with("_like") ? e.args.size() : 1, like,
                      base.starts_with("zeros") ? 1 : base.starts_with("ones") ? 2 : 0, dotted,
                      env);
    }
    PV t;
    t.kind = PV::Torch;
    t.loc = e.loc.offset;
    t.name = dotted;
    torchOp(e, dotted);
    for (size_t i = 1; i < e.args.size(); ++i)
      (void)eval(*e.args[i], env);
    return t;
  }
  // float(v) / int(v) / bool(v) of a number: Python scalar conversions.
  if ((dotted == "float" || dotted == "int" || dotted == "bool") && e.args.size() == 2 &&
      e.kwargs.empty() && !env.count(dotted)) {
    auto a = eval(*e.args[1], env);
    if (!a)
      return std::nullopt;
    if (a->kind == PV::Num) {
      PV n = *a;
      n.loc = e.loc.offset;
      std::optional<double> c = evalSym(a->s, {});
      if (dotted == "float") {
        if (c && !a->s->isFloat())
          n.s = flit(*c);
        return n;
      }
      if (dotted == "int" && !a->s->isFloat())
        return n;
      if (c) {
        n.s = dotted == "int" ? lit(int64_t(*c)) : lit(*c != 0 ? 1 : 0);
        return n;
      }
      d.error(cand.where(e.loc), dotted + "(...) of a value not known at import time");
      return std::nullopt;
    }
    if (a->kind == PV::Tensor || a->kind == PV::Torch) {
      PV t;
      t.kind = PV::Torch;
      t.loc = e.loc.offset;
      t.name = dotted + "(tensor)";
      torchOp(e, t.name);
      return t;
    }
    d.error(cand.where(e.loc), dotted + "(...) of " +
                                   (a->kind == PV::Unknown && !a->name.empty()
                                        ? "'" + a->name + "', which the importer cannot map"
                                        : std::string("something that is not a number")));
    return std::nullopt;
  }
  PV u;
  u.kind = PV::Unknown;
  u.loc = e.loc.offset;
  u.name = "call of '" + (dotted.empty() ? exprText(cand, callee) : dotted) + "'";
  d.error(cand.where(e.loc), "cannot follow the " + u.name +
                                 " in ModelNew.forward (extension functions, the candidate's "
                                 "own functions, methods, lambdas and autograd.Function "
                                 "apply are followed)");
  return std::nullopt;
}

std::optional<PV> Importer::eval(const py::Expr &e, llvm::StringMap<PV> &env) {
  PV v;
  v.loc = e.loc.offset;
  switch (e.kind) {
  case py::Expr::Int:
  case py::Expr::Float:
  case py::Expr::Bool: {
    std::string why;
    v.kind = PV::Num;
    v.s = *cscope.toSym(e, why);
    return v;
  }
  case py::Expr::NoneLit:
    v.kind = PV::None;
    return v;
  case py::Expr::Name: {
    if (auto it = env.find(e.text); it != env.end())
      return it->second;
    if (e.text == "self") {
      v.kind = PV::Self;
      return v;
    }
    if (e.text == "torch" || e.text == "F" || e.text == "nn") {
      v.kind = PV::Unknown;
      v.name = e.text;
      return v;
    }
    for (size_t i = 0; i < exts.size(); ++i)
      if (exts[i].named(e.text)) {
        v.kind = PV::Ext;
        v.ext = int(i);
        return v;
      }
    std::string why;
    if (auto s = cscope.toSym(e, why)) {
      v.kind = PV::Num;
      v.s = *s;
      return v;
    }
    d.error(cand.where(e.loc), "unknown name '" + e.text + "' in ModelNew.forward");
    return std::nullopt;
  }
  case py::Expr::Attr: {
    std::string dotted = selfDotted(e);
    if (StringRef(dotted).starts_with("torch.ops.")) // `ops = torch.ops.NS`
      for (size_t i = 0; i < exts.size(); ++i)
        if (exts[i].named(dotted)) {
          v.kind = PV::Ext;
          v.ext = int(i);
          return v;
        }
    if (StringRef(dotted).starts_with("self.")) {
      std::string key = dotted.substr(5);
      for (size_t i = 0; i < exts.size(); ++i)
        if (exts[i].named(dotted)) {
          v.kind = PV::Ext;
          v.ext = int(i);
          return v;
        }
      if (auto it = newInit.extAlias.find(key); it != newInit.extAlias.end())
        for (size_t i = 0; i < exts.size(); ++i)
          if (exts[i].named(it->second)) {
            v.kind = PV::Ext;
            v.ext = int(i);
            return v;
          }
      if (newInit.noneAttrs.count(key)) { // self.bias = None, conv.bias of bias=False
        v.kind = PV::None;
        return v;
      }
      if (auto it = newInit.scalars.find(key); it != newInit.scalars.end()) {
        v.kind = PV::Num;
        v.s = it->second;
        return v;
      }
      if (auto it = newInit.tuples.find(key); it != newInit.tuples.end()) {
        v.kind = PV::Tuple;
        for (const SymP &s : it->second) {
          PV n;
          n.kind = PV::Num;
          n.loc = v.loc;
          n.s = s;
          v.items.push_back(n);
        }
        return v;
      }
      for (const ParamDecl &p : newInit.params)
        if (p.key == key) {
          auto wb = weightBufs.find(key);
          if (wb == weightBufs.end()) {
            Buf b;
            b.origin = Buf::Weight;
            b.name = task.uniqueName(key);
            b.shape = p.shape;
            b.weightKey = key;
            b.dist = p.dist;
            b.a = p.a;
            b.b = p.b;
            b.where = cand.where(p.loc);
            task.bufs.push_back(b);
            wb = weightBufs.insert({key, int(task.bufs.size()) - 1}).first;
          }
          v.kind = PV::Tensor;
          v.buf = wb->second;
          return v;
        }
    }
    auto base = eval(*e.args[0], env);
    if (!base)
      return std::nullopt;
    if (base->kind == PV::Tensor && base->indexed) {
      d.error(cand.where(e.loc), "'." + e.text + "' of a tensor indexed with [i] is not "
                                                 "followed");
      return std::nullopt;
    }
    if (base->kind == PV::Tensor)
      if (std::optional<PV> f = tensorFact(e, *base, e.text, false))
        return f;
    if (base->kind == PV::Tensor && e.text == "shape") {
      v.kind = PV::Tuple;
      for (const SymP &s : task.bufs[base->buf].shape) {
        PV n;
        n.kind = PV::Num;
        n.s = s;
        v.items.push_back(n);
      }
      return v;
    }
    if (base->kind == PV::Tensor) {
      v.kind = PV::Torch;
      v.name = "." + e.text;
      torchOp(e, v.name);
      return v;
    }
    v.kind = PV::Unknown;
    v.name = dotted.empty() ? exprText(cand, e) : dotted;
    return v;
  }
  case py::Expr::Call:
    if (bool handled = false; true) {
      std::optional<PV> l = evalLen(e, env, handled);
      if (handled)
        return l;
    }
    return evalCall(e, env);
  case py::Expr::IfExp:
    return evalIfExp(e, env);
  case py::Expr::Tuple:
  case py::Expr::List:
    v.kind = PV::Tuple;
    for (const py::ExprP &k : e.args) {
      auto i = eval(*k, env);
      if (!i)
        return std::nullopt;
      v.items.push_back(*i);
    }
    return v;
  case py::Expr::Subscript: {
    // `D[key]` of a dict cache of built extensions.
    if (std::string dn = selfDotted(*e.args[0]);
        !dn.empty() && (e.args[0]->kind != py::Expr::Name || !env.count(dn)))
      if (int i = extByName(dn + "[]", e.loc.offset); i != -1) {
        if (i < 0)
          return std::nullopt;
        v.kind = PV::Ext;
        v.ext = i;
        return v;
      }
    auto b = eval(*e.args[0], env);
    if (!b)
      return std::nullopt;
    if (b->kind == PV::Tuple && e.args[1]->kind == py::Expr::Int) {
      int64_t i = e.args[1]->i < 0 ? e.args[1]->i + int64_t(b->items.size()) : e.args[1]->i;
      if (i >= 0 && i < int64_t(b->items.size()))
        return b->items[i];
    }
    const py::Expr &ix = *e.args[1];
    bool intIndex = ix.kind == py::Expr::Int ||
                    (ix.kind == py::Expr::UnaryOp && ix.text == "-" && ix.args.size() == 1 &&
                     ix.args[0]->kind == py::Expr::Int);
    if (b->kind == PV::Tensor && intIndex) {
      // t[0] / t[-1] of a tensor whose first dimension is 1 is all of it, one
      // dimension less (a view); the reference is compared element by element.
      const Buf &buf = task.bufs[b->buf];
      int64_t i = ix.kind == py::Expr::Int ? ix.i : -ix.args[0]->i;
      std::optional<int64_t> lead =
          buf.shape.empty() ? std::nullopt : fixedInt(buf.shape[0], &cscope.symbolValues);
      if (lead && *lead == 1 && (i == 0 || i == -1)) {
        PV r = *b;
        r.loc = e.loc.offset;
        r.indexed = true;
        return r;
      }
      d.error(cand.where(e.loc),
              "'[" + std::to_string(i) + "]' selects part of '" + buf.name + "' (" +
                  (buf.shape.empty() ? std::string("a 0-d tensor")
                                     : "first dimension " + print(buf.shape[0])) +
                  "); a task buffer is a whole tensor, so only [0] or [-1] of a tensor "
                  "whose first dimension is 1 is mapped");
      return std::nullopt;
    }
    if (b->kind == PV::Tensor) {
      v.kind = PV::Torch;
      v.name = "tensor indexing";
      torchOp(e, v.name);
      return v;
    }
    break;
  }
  case py::Expr::BinOp:
  case py::Expr::UnaryOp: {
    std::vector<PV> ops;
    for (const py::ExprP &k : e.args) {
      auto o = eval(*k, env);
      if (!o)
        return std::nullopt;
      ops.push_back(*o);
    }
    bool tensor = llvm::any_of(ops, [](const PV &o) {
      return o.kind == PV::Tensor || o.kind == PV::Torch;
    });
    if (tensor) {
      v.kind = PV::Torch;
      v.name = "operator '" + e.text + "' on tensors";
      torchOp(e, v.name);
      return v;
    }
    std::string why;
    if (auto s = cscope.toSym(e, why)) {
      v.kind = PV::Num;
      v.s = *s;
      return v;
    }
    if (llvm::all_of(ops, [](const PV &o) { return o.kind == PV::Num; }) && ops.size() == 2) {
      // Python's floored `%` and `//` of constants (`self.dim % x.dim()`, dim -1).
      auto ca = constInt(ops[0].s), cb = constInt(ops[1].s);
      if (ca && cb && *cb != 0 && (e.text == "%" || e.text == "//")) {
        int64_t q = *ca / *cb, r = *ca % *cb;
        if (r != 0 && ((r < 0) != (*cb < 0))) {
          --q;
          r += *cb;
        }
        v.kind = PV::Num;
        v.s = lit(e.text == "%" ? r : q);
        return v;
      }
      Sym::Kind k = e.text == "+" ? Sym::Add : e.text == "-" ? Sym::Sub
                  : e.text == "*" ? Sym::Mul : e.text == "//" ? Sym::Div : Sym::Mod;
      v.kind = PV::Num;
      v.s = bin(k, ops[0].s, ops[1].s);
      return v;
    }
    break;
  }
  default:
    break;
  }
  v.kind = PV::Unknown;
  v.name = exprText(cand, e);
  return v;
}

bool Importer::execBlock(const py::Block &b, llvm::StringMap<PV> &env, std::vector<PV> &outputs,
                         bool &returned, PV *ret) {
  for (const py::Stmt &s : b) {
    if (returned)
      return true;
    switch (s.kind) {
    case py::Stmt::Pass:
    case py::Stmt::Import:
    case py::Stmt::Other:
      continue;
    case py::Stmt::Opaque:
      d.error(cand.where(s.loc), "cannot read this statement of ModelNew.forward (" + s.name +
                                     ")");
      return false;
    case py::Stmt::Assign: {
      auto v = eval(*s.value, env);
      if (!v)
        return false;
      for (const py::ExprP &t : s.targets) {
        if (t->kind == py::Expr::Attr && t->args[0]->kind == py::Expr::Name)
          if (auto it = env.find(t->args[0]->text); it != env.end() && it->second.kind == PV::Ctx)
            continue; // ctx.saved = ... in an autograd.Function
        if (t->kind == py::Expr::Name) {
          env[t->text] = *v;
        } else if (t->kind == py::Expr::Tuple && v->kind == PV::Tuple &&
                   t->args.size() == v->items.size()) {
          for (size_t i = 0; i < t->args.size(); ++i)
            if (t->args[i]->kind == py::Expr::Name)
              env[t->args[i]->text] = v->items[i];
        } else {
          d.error(cand.where(t->loc), "unsupported assignment target in ModelNew.forward");
          return false;
        }
      }
      continue;
    }
    case py::Stmt::ExprStmt: {
      auto v = eval(*s.value, env);
      if (!v)
        return false;
      continue;
    }
    case py::Stmt::Return: {
      if (!s.value) {
        d.error(cand.where(s.loc), "ModelNew.forward returns nothing");
        return false;
      }
      auto v = eval(*s.value, env);
      if (!v)
        return false;
      if (ret) { // the end of a function forward called
        *ret = *v;
        returned = true;
        continue;
      }
      if (!requireMapped(*v, "ModelNew.forward returns"))
        return false;
      if (v->kind == PV::Tuple)
        outputs = v->items;
      else
        outputs.push_back(*v);
      for (const PV &o : outputs)
        if (o.kind != PV::Tensor) {
          d.error(cand.where(s.loc), "ModelNew.forward returns something that is not a tensor "
                                     "made by the extension");
          return false;
        }
      returned = true;
      continue;
    }
    case py::Stmt::If:
      if (!s.value) {
        d.error(cand.where(s.loc), "cannot read this if statement of ModelNew.forward");
        return false;
      }
      if (!execIf(s, env, outputs, returned, ret))
        return false;
      continue;
    case py::Stmt::Try: {
      std::string where = cand.where(s.loc);
      d.finding("try-fallback", where,
                "try/except in ModelNew.forward: a fallback path when the kernel fails");
      for (const py::Stmt &c : s.clauses)
        scanTorchCalls(c.body);
      if (!execBlock(s.body, env, outputs, returned, ret))
        return false;
      for (const py::Stmt &c : s.clauses)
        if (c.name == "else" || c.name == "finally")
          if (!execBlock(c.body, env, outputs, returned, ret))
            return false;
      continue;
    }
    default:
      d.error(cand.where(s.loc), "unsupported control flow in ModelNew.forward (the importer "
                                 "follows straight-line forwards)");
      return false;
    }
  }
  return true;
}
