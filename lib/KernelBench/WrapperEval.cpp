//===- WrapperEval.cpp - wrapper expression evaluation ---------------------===//
#include "WrapperInterp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using cpp::Tok;
using llvm::StringRef;

std::optional<WVal> Interp::intVal(SymP s) {
  WVal v;
  v.kind = WVal::Int;
  v.s = s;
  return v;
}

std::vector<SymP> Interp::shapeOf(const WVal &v) const {
  return v.list.empty() ? buf(v.buf).shape : v.list;
}

SymP Interp::numel(const std::vector<SymP> &sh) {
  SymP n = lit(1);
  for (const SymP &d : sh)
    n = bin(Sym::Mul, n, d);
  return n;
}

std::optional<int64_t> Interp::dimIndex(const WVal &idx, size_t rank, size_t at) {
  auto c = fixedInt(idx.s, symbolValues);
  if (idx.kind != WVal::Int || !c)
    return failV(at, "a dimension index that is not a constant"), std::nullopt;
  int64_t d = *c < 0 ? *c + int64_t(rank) : *c;
  if (d < 0 || d >= int64_t(rank))
    return failV(at, "dimension " + std::to_string(*c) + " out of range for a tensor of rank " +
                         std::to_string(rank)),
           std::nullopt;
  return d;
}

std::optional<WVal> Interp::newTensor(std::vector<SymP> shape, const WVal *opts, int init,
                              size_t at, const std::string &hint, DType dt, bool dtKnown) {
  if (opts && (opts->kind == WVal::Options || opts->kind == WVal::DTypeV) && opts->dtKnown) {
    dt = opts->dt;
    dtKnown = true;
  }
  Buf b;
  b.origin = Buf::Created;
  b.name = task.uniqueName(hint.empty() ? "tmp" : hint);
  b.shape = std::move(shape);
  b.dtype = dt;
  b.dtypeKnown = dtKnown;
  b.init = init;
  b.where = u.src.where(at);
  task.bufs.push_back(b);
  WVal v;
  v.kind = WVal::Tensor;
  v.buf = int(task.bufs.size()) - 1;
  return v;
}

std::optional<std::vector<SymP>> Interp::sizeList(const WVal &v, size_t at) {
  if (v.kind == WVal::List)
    return v.list;
  if (v.kind == WVal::Int)
    return std::vector<SymP>{v.s};
  return failV(at, "expected a list of sizes"), std::nullopt;
}

std::optional<WVal> Interp::evalCall(const cpp::Expr &x, const std::string &hint) {
  const cpp::Expr &callee = *x.kids[0];
  if (callee.kind == cpp::Expr::Ident && callee.text == "sizeof") {
    std::string ty = x.kids[1]->text;
    if (auto it = typeAlias.find(ty); it != typeAlias.end())
      ty = it->second;
    int64_t size = llvm::StringSwitch<int64_t>(ty)
                       .Cases({"float2", "int2", "double"}, 8)
                       .Cases({"float4", "int4", "double2"}, 16)
                       .Default(0);
    if (!size)
      if (auto dt = dtypeOfCType(ty))
        size = int64_t(dtypeSize(*dt));
    if (!size)
      return failV(x.at, "sizeof(" + x.kids[1]->text + ") of a type the importer does not "
                         "know");
    return intVal(lit(size));
  }
  std::vector<WVal> args;
  for (size_t i = 1; i < x.kids.size(); ++i) {
    if (x.kids[i]->kind == cpp::Expr::Lambda) {
      WVal l;
      l.kind = WVal::Lambda;
      l.lambda = x.kids[i];
      args.push_back(l);
      continue;
    }
    auto a = eval(*x.kids[i]);
    if (!a)
      return std::nullopt;
    args.push_back(*a);
  }
  if (callee.kind == cpp::Expr::Member)
    return evalMethod(x, callee, args);
  if (callee.kind != cpp::Expr::Ident)
    return failV(x.at, "unsupported call");
  StringRef fn = callee.text;
  if (auto fm = u.fnMacros.find(fn); fm != u.fnMacros.end())
    return expandFnMacro(x, fm->second, args);
  StringRef base = fn.rsplit("::").second.empty() ? fn : fn.rsplit("::").second;
  bool torchNs = fn.starts_with("torch::") || fn.starts_with("at::");
  if (torchNs && (base == "empty" || base == "zeros" || base == "ones")) {
    if (args.empty())
      return failV(x.at, fn.str() + " without sizes");
    auto sh = sizeList(args[0], x.at);
    if (!sh)
      return std::nullopt;
    return newTensor(*sh, args.size() > 1 ? &args[1] : nullptr,
                     base == "zeros" ? 1 : base == "ones" ? 2 : 0, x.at, hint, DType::f32,
                     false);
  }
  // torch::full(sizes, value[, options]) / full_like(x, value[, options]): a
  // buffer starting at a constant (0 and 1 as torch::zeros / ones).
  if (torchNs && (base == "full" || base == "full_like")) {
    bool like = base == "full_like";
    if (args.size() < 2 || (like && args[0].kind != WVal::Tensor) || !isNum(args[1]))
      return failV(x.at, fn.str() + (like ? " needs a tensor and a value" : " needs sizes and a value"));
    std::optional<double> value;
    if (args[1].kind == WVal::Float || args[1].kind == WVal::Int) {
      llvm::StringMap<int64_t> none;
      value = evalSym(args[1].s, none);
    }
    if (!value || !std::isfinite(*value))
      return failV(x.at, fn.str() + ": the fill value must be a finite constant");
    int init = *value == 0 ? 1 : *value == 1 ? 2 : 3;
    std::optional<WVal> t;
    if (like) {
      const Buf &src = buf(args[0].buf);
      t = newTensor(shapeOf(args[0]), args.size() > 2 ? &args[2] : nullptr, init, x.at, hint,
                    src.dtype, src.dtypeKnown);
    } else {
      auto sh = sizeList(args[0], x.at);
      if (!sh)
        return std::nullopt;
      t = newTensor(*sh, args.size() > 2 ? &args[2] : nullptr, init, x.at, hint, DType::f32,
                    false);
    }
    if (t && init == 3)
      task.bufs[t->buf].fill = *value;
    return t;
  }
  if (torchNs && (base == "empty_like" || base == "zeros_like" || base == "ones_like")) {
    if (args.empty() || args[0].kind != WVal::Tensor)
      return failV(x.at, fn.str() + " needs a tensor");
    const Buf &src = buf(args[0].buf);
    return newTensor(shapeOf(args[0]), args.size() > 1 ? &args[1] : nullptr,
                     base == "zeros_like" ? 1 : base == "ones_like" ? 2 : 0, x.at, hint,
                     src.dtype, src.dtypeKnown);
  }
  if (fn == "torch::TensorOptions" || fn == "at::TensorOptions") {
    WVal o;
    o.kind = WVal::Options;
    return o;
  }
  if (fn == "std::min" || fn == "std::max" || fn == "min" || fn == "max") {
    if (args.size() != 2 || !isNum(args[0]) || !isNum(args[1]))
      return failV(x.at, fn.str() + " of two numbers expected");
    WVal r = args[0];
    r.s = bin(base == "min" ? Sym::Min : Sym::Max, args[0].s, args[1].s);
    if (args[1].kind == WVal::Float)
      r.kind = WVal::Float;
    return r;
  }
  if (fn == "at::ceil_div" || fn == "c10::ceil_div" || fn == "at::cuda::ATenCeilDiv" ||
      fn == "cuda::ceil_div") {
    if (args.size() != 2 || args[0].kind != WVal::Int || args[1].kind != WVal::Int)
      return failV(x.at, fn.str() + " of two integers expected");
    return intVal(bin(Sym::CeilDiv, args[0].s, args[1].s));
  }
  if (fn == "dim3")
    return makeDim3(args, x.at);
  if (fn == "std::make_tuple" || fn == "std::vector" || fn == "std::tuple") {
    tupleVals = args;
    WVal l;
    l.kind = WVal::List;
    l.buf = -2;
    l.list.push_back(lit(0));
    return l;
  }
  if (fn.starts_with("at::cuda::") || fn.starts_with("c10::cuda::") ||
      fn.starts_with("cuda")) {
    const CudaUnit *hostUnit = nullptr; // a launcher of the sources named cuda_...
    if (const cpp::Function *h = findHost(fn, hostUnit))
      if (textHas(hostUnit->toks, h->bodyTok, h->bodyEndTok, {"<<<"}))
        return callHost(x, *h, *hostUnit, args);
    return WVal();
  }
  // A host helper `int ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }`:
  // one return statement, read like a function-like macro.
  for (const cpp::Function &h : u.fns) {
    if (h.isGlobal || h.isDevice || h.usesTorch || (h.name != fn && h.name != base))
      continue;
    const std::vector<Tok> &t = u.toks;
    size_t b = h.bodyTok + 1, e = h.bodyEndTok;
    if (b + 2 >= e || t[b].text != "return" || t[e - 1].text != ";")
      break;
    CudaUnit::FnMacro m;
    for (const cpp::Param &p : h.params)
      m.params.push_back(p.name);
    bool one = true;
    for (size_t k = b + 1; k + 1 < e; ++k) {
      one &= t[k].text != ";";
      m.body += (m.body.empty() ? "" : " ") + t[k].text;
    }
    if (!one)
      break;
    return expandFnMacro(x, m, args);
  }
  // Other host functions of the sources (HostCalls.cpp).
  const CudaUnit *hostUnit = nullptr;
  if (const cpp::Function *h = findHost(fn, hostUnit))
    return callHost(x, *h, *hostUnit, args);
  return failV(x.at, "unsupported call '" + fn.str() + "' in the wrapper");
}

std::optional<WVal> Interp::evalMethod(const cpp::Expr &x, const cpp::Expr &member,
                               const std::vector<WVal> &args) {
  auto base = eval(*member.kids[0]);
  if (!base)
    return std::nullopt;
  StringRef m = member.text;
  if (base->kind == WVal::Options) {
    WVal o = *base;
    if (m == "dtype" && !args.empty() && args[0].kind == WVal::DTypeV) {
      o.dt = args[0].dt;
      o.dtKnown = true;
    }
    return o; // device(), layout(), requires_grad(): irrelevant here
  }
  if (base->kind == WVal::DTypeV && (m == "scalarType" || m == "scalar_type") && args.empty())
    return base;
  if (base->kind == WVal::List) {
    if (m == "size")
      return intVal(lit(int64_t(base->list.size())));
    if (m == "vec")
      return base;
    return failV(x.at, "unsupported list method '" + m.str() + "'");
  }
  // An optional tensor left out (None from ModelNew.forward).
  if (base->kind == WVal::None && (m == "has_value" || m == "defined"))
    return intVal(lit(0));
  if (base->kind == WVal::None && (m == "value" || m == "data_ptr" || m == "data" ||
                                   m == "contiguous" || m == "size" || m == "numel"))
    return failV(x.at, "method '" + m.str() + "' on an optional tensor that is None here "
                       "(ModelNew.forward passes None)");
  if (base->kind != WVal::Tensor)
    return failV(x.at, "method '" + m.str() + "' on something that is not a tensor");
  std::vector<SymP> sh = shapeOf(*base);
  const Buf &b = buf(base->buf);
  if (m == "size" || m == "stride") {
    if (args.size() != 1)
      return failV(x.at, m.str() + "() with an index expected");
    auto d = dimIndex(args[0], sh.size(), x.at);
    if (!d)
      return std::nullopt;
    if (m == "size")
      return intVal(sh[*d]);
    return intVal(numel(std::vector<SymP>(sh.begin() + *d + 1, sh.end())));
  }
  if (m == "sizes" || m == "shape") {
    WVal l;
    l.kind = WVal::List;
    l.list = sh;
    return l;
  }
  if (m == "numel")
    return intVal(numel(sh));
  if (m == "dim" || m == "ndimension")
    return intVal(lit(int64_t(sh.size())));
  // An optional tensor that holds one (`bias.has_value()`, `bias->defined()`).
  if (m == "is_cuda" || m == "is_contiguous" || m == "has_value" || m == "defined")
    return intVal(lit(1));
  if (m == "contiguous" || m == "cuda" || m == "value")
    return base;
  if (m == "options") {
    WVal o;
    o.kind = WVal::Options;
    o.dt = b.dtype;
    o.dtKnown = b.dtypeKnown;
    return o;
  }
  // `x.type()` (the deprecated type object) stands for its scalar type in
  // AT_DISPATCH_*(x.type(), ...) and x.type().scalarType().
  if (m == "scalar_type" || m == "dtype" || m == "type") {
    WVal d;
    d.kind = WVal::DTypeV;
    d.dt = b.dtype;
    d.dtKnown = true;
    return d;
  }
  if (m == "device" || m == "get_device")
    return WVal();
  if (m == "view" || m == "reshape") {
    std::vector<SymP> ns;
    if (args.size() == 1 && args[0].kind == WVal::List)
      ns = args[0].list;
    else
      for (const WVal &a : args) {
        if (a.kind != WVal::Int)
          return failV(x.at, m.str() + "() with sizes that are not integers");
        ns.push_back(a.s);
      }
    for (SymP &d : ns)
      if (auto c = constInt(d); c && *c == -1) {
        SymP known = lit(1);
        for (const SymP &o : ns)
          if (o != d)
            known = bin(Sym::Mul, known, o);
        d = bin(Sym::Div, numel(sh), known);
      }
    WVal r = *base;
    r.list = ns;
    return r;
  }
  if (isAccessorMethod(m))
    return evalAccessor(x, member, *base);
  if (m == "data_ptr" || m == "data" || m == "const_data_ptr" || m == "mutable_data_ptr") {
    if (!checkNoEpilogue(*base, x.at))
      return std::nullopt;
    WVal p;
    p.kind = WVal::Ptr;
    p.buf = base->buf;
    if (!member.targs.empty()) {
      std::string ty = member.targs;
      if (auto it = typeAlias.find(ty); it != typeAlias.end())
        ty = it->second;
      auto dt = dtypeOfCType(ty);
      if (!dt)
        return failV(x.at, "unsupported element type '" + member.targs + "'");
      p.dt = *dt;
      p.dtKnown = true;
    } else {
      p.dt = b.dtype;
      p.dtKnown = b.dtypeKnown;
    }
    return p;
  }
  if (isHostArithMethod(m))
    return hostArithMethod(x, member, *base, args);
  if (m == "squeeze" || m == "unsqueeze")
    return squeezeView(x, *base, m == "unsqueeze", args);
  return failV(x.at, "unsupported tensor method '" + m.str() +
                         "' in the wrapper (a torch op the task cannot express)");
}

std::optional<WVal> Interp::eval(const cpp::Expr &x, const std::string &hint) {
  switch (x.kind) {
  case cpp::Expr::Int:
    return intVal(lit(x.i));
  case cpp::Expr::Float: {
    WVal v;
    v.kind = WVal::Float;
    v.s = flit(x.f);
    return v;
  }
  case cpp::Expr::Str: {
    WVal v;
    return v;
  }
  case cpp::Expr::Ident: {
    auto it = vars.find(x.text);
    if (it != vars.end())
      return it->second;
    if (auto dt = dtypeOfCType(x.text)) {
      WVal d;
      d.kind = WVal::DTypeV;
      d.dt = *dt;
      d.dtKnown = true;
      return d;
    }
    auto m = u.macros.find(x.text);
    // `ns::kThreads`: a constant of a namespace (file-scope constants are read
    // into the same table whatever namespace holds them).
    if (m == u.macros.end() && StringRef(x.text).contains("::") &&
        !StringRef(x.text).starts_with("torch::") && !StringRef(x.text).starts_with("at::") &&
        !StringRef(x.text).starts_with("c10::") && !StringRef(x.text).starts_with("std::"))
      m = u.macros.find(StringRef(x.text).rsplit("::").second);
    if (m != u.macros.end()) {
      if (++macroDepth > 16)
        return failV(x.at, "macro '" + x.text + "' expands into itself");
      std::string err;
      size_t errAt = 0;
      std::vector<Tok> mt = cpp::lex(m->second, err, errAt);
      size_t q = 0;
      cpp::ExprP me = err.empty() ? cpp::parseExpr(mt, q, mt.size() - 1, err, errAt)
                                  : nullptr;
      if (!me || q != mt.size() - 1)
        return failV(x.at, "macro '" + x.text + "' is not an expression the importer can "
                           "read");
      // The expansion's nodes carry offsets into the macro text: report at the use.
      std::function<void(cpp::Expr &)> relocate = [&](cpp::Expr &n) {
        n.at = x.at;
        for (cpp::ExprP &k : n.kids)
          relocate(*k);
      };
      relocate(*me);
      auto v = eval(*me);
      --macroDepth;
      return v;
    }
    // Memory formats (`at::MemoryFormat::Contiguous`): task buffers are dense.
    if (x.text == "torch::kCUDA" || x.text == "at::kCUDA" || x.text == "nullptr" ||
        x.text == "NULL" || StringRef(x.text).contains("MemoryFormat::") ||
        StringRef(x.text).ends_with("LEGACY_CONTIGUOUS_MEMORY_FORMAT"))
      return WVal();
    return failV(x.at, "unknown name '" + x.text + "' in the wrapper");
  }
  case cpp::Expr::Call:
    return evalCall(x, hint);
  case cpp::Expr::Member: {
    // dim3's fields (`block.x`); other members without a call are not wrapper values.
    if (x.text == "x" || x.text == "y" || x.text == "z") {
      auto b = eval(*x.kids[0]);
      if (!b)
        return std::nullopt;
      if (b->kind == WVal::Dim3 && b->list.size() == 3)
        return intVal(b->list[x.text[0] - 'x']);
    }
    return failV(x.at, "member access '" + x.text + "' without a call is not supported");
  }
  case cpp::Expr::Index: {
    auto b = eval(*x.kids[0]);
    auto i = b ? eval(*x.kids[1]) : std::nullopt;
    if (!b || !i)
      return std::nullopt;
    if (b->kind != WVal::List)
      return failV(x.at, "indexing something that is not a size list");
    auto d = dimIndex(*i, b->list.size(), x.at);
    if (!d)
      return std::nullopt;
    return intVal(b->list[*d]);
  }
  case cpp::Expr::Unary: {
    auto a = eval(*x.kids[0]);
    if (!a)
      return std::nullopt;
    if (x.text == "+" && isNum(*a))
      return a;
    if (x.text == "*" && a->kind == WVal::Tensor) // `*bias` of an optional tensor
      return a;
    if (x.text == "-" && isNum(*a)) {
      WVal r = *a;
      r.s = neg(a->s);
      return r;
    }
    if (x.text == "!")
      if (std::optional<bool> present = presence(*a)) // `!bias`, `!bias.has_value()`
        return intVal(lit(int64_t(!*present)));
    if (x.text == "!" && a->kind == WVal::Int) {
      if (auto c = fixedInt(a->s, symbolValues))
        return intVal(lit(*c == 0));
      if (!a->s->isFloat())
        return intVal(bin(Sym::Sub, lit(1), nonZeroSym(a->s)));
    }
    return failV(x.at, "unsupported operator '" + x.text + "' in the wrapper");
  }
  case cpp::Expr::Binary: {
    auto a = eval(*x.kids[0]);
    // `b.has_value() && b.value().defined()`: C++ does not evaluate the right
    // side when the left decides (an optional that is None here).
    if (a && (x.text == "&&" || x.text == "||") && a->kind == WVal::Int)
      if (auto ca = fixedInt(a->s, symbolValues); ca && ((*ca == 0) == (x.text == "&&")))
        return intVal(lit(x.text == "&&" ? 0 : 1));
    auto b = a ? eval(*x.kids[1]) : std::nullopt;
    if (!a || !b)
      return std::nullopt;
    if (std::optional<WVal> r = compareOrShift(x, *a, *b))
      return r;
    if (!error.empty())
      return std::nullopt;
    Sym::Kind k;
    if (x.text == "+") k = Sym::Add;
    else if (x.text == "-") k = Sym::Sub;
    else if (x.text == "*") k = Sym::Mul;
    else if (x.text == "/") k = Sym::Div;
    else if (x.text == "%") k = Sym::Mod;
    else
      return failV(x.at, "unsupported operator '" + x.text + "' in the wrapper");
    if (a->kind == WVal::Tensor || b->kind == WVal::Tensor)
      return hostArith(x, *a, *b);
    if (!isNum(*a) || !isNum(*b))
      return failV(x.at, "arithmetic on something that is not a number");
    WVal r;
    r.kind = a->kind == WVal::Float || b->kind == WVal::Float ? WVal::Float : WVal::Int;
    r.s = bin(k, a->s, b->s);
    return r;
  }
  case cpp::Expr::Ternary: {
    const cpp::Expr &c = *x.kids[0];
    // A condition known now (on constants, dims, init arguments) picks its branch.
    {
      std::string saved = error;
      auto cv = asCondition(eval(c));
      error = saved;
      if (cv && cv->kind == WVal::Int)
        if (auto k = fixedInt(cv->s, symbolValues))
          return eval(*x.kids[*k ? 1 : 2], hint);
    }
    // (a < b) ? a : b  ->  min / max
    if (c.kind == cpp::Expr::Binary &&
        (c.text == "<" || c.text == ">" || c.text == "<=" || c.text == ">=")) {
      auto l = eval(*c.kids[0]), r = eval(*c.kids[1]);
      auto t1 = eval(*x.kids[1]), t2 = eval(*x.kids[2]);
      if (!l || !r || !t1 || !t2)
        return std::nullopt;
      if (isNum(*l) && isNum(*r) && isNum(*t1) && isNum(*t2)) {
        bool less = c.text[0] == '<';
        if (same(t1->s, l->s) && same(t2->s, r->s))
          return intVal(bin(less ? Sym::Min : Sym::Max, l->s, r->s));
        if (same(t1->s, r->s) && same(t2->s, l->s))
          return intVal(bin(less ? Sym::Max : Sym::Min, l->s, r->s));
      }
    }
    // An integer condition `l OP r` of sizes: exact as the indicator
    // min(max(d, 0), 1) of an integer difference d, and `c ? a : b` as
    // b + ind * (a - b) (the manifest's expressions have no comparison).
    if (c.kind == cpp::Expr::Binary &&
        (c.text == "<" || c.text == ">" || c.text == "<=" || c.text == ">=" ||
         c.text == "==" || c.text == "!=")) {
      auto l = eval(*c.kids[0]), r = eval(*c.kids[1]);
      auto t1 = eval(*x.kids[1]), t2 = eval(*x.kids[2]);
      if (!l || !r || !t1 || !t2)
        return std::nullopt;
      if (l->kind == WVal::Int && r->kind == WVal::Int && !l->s->isFloat() &&
          !r->s->isFloat() && isNum(*t1) && isNum(*t2)) {
        auto pos = [](SymP d) { // 1 when d > 0, else 0 (d an integer)
          return bin(Sym::Min, bin(Sym::Max, d, lit(0)), lit(1));
        };
        StringRef op = c.text;
        SymP gt = pos(bin(Sym::Sub, l->s, r->s)), lt = pos(bin(Sym::Sub, r->s, l->s));
        SymP ind = op == ">"    ? gt
                   : op == "<"  ? lt
                   : op == ">=" ? bin(Sym::Sub, lit(1), lt)
                   : op == "<=" ? bin(Sym::Sub, lit(1), gt)
                   : op == "!=" ? bin(Sym::Add, gt, lt)
                                : bin(Sym::Sub, lit(1), bin(Sym::Add, gt, lt));
        // Integer min/max with an offset: `v > 0 ? v : 1` is max(v, 1).
        if (same(t1->s, l->s) && !t2->s->isFloat() && (op == ">" || op == ">=")) {
          if (auto k = constInt(bin(Sym::Sub, t2->s, r->s));
              k && ((op == ">" && (*k == 0 || *k == 1)) || (op == ">=" && (*k == 0 || *k == -1))))
            return intVal(bin(Sym::Max, l->s, t2->s));
        }
        if (same(t1->s, l->s) && !t2->s->isFloat() && (op == "<" || op == "<=")) {
          if (auto k = constInt(bin(Sym::Sub, t2->s, r->s));
              k && ((op == "<" && (*k == 0 || *k == -1)) || (op == "<=" && (*k == 0 || *k == 1))))
            return intVal(bin(Sym::Min, l->s, t2->s));
        }
        WVal v;
        v.kind = t1->s->isFloat() || t2->s->isFloat() ? WVal::Float : WVal::Int;
        v.s = bin(Sym::Add, t2->s, bin(Sym::Mul, ind, bin(Sym::Sub, t1->s, t2->s)));
        return v;
      }
    }
    return failV(x.at, "unsupported conditional expression in the wrapper (min/max idioms "
                       "and integer comparisons of sizes are understood)");
  }
  case cpp::Expr::Cast: {
    auto a = eval(*x.kids[0]);
    if (!a)
      return std::nullopt;
    bool ptr = StringRef(x.text).contains('*');
    std::string ty = x.text;
    while (!ty.empty() && (ty.back() == '*' || ty.back() == ' '))
      ty.pop_back();
    if (ptr)
      return convert(*a, ty, true, x.at);
    return convert(*a, ty, false, x.at);
  }
  case cpp::Expr::Braced: {
    WVal l;
    l.kind = WVal::List;
    for (const cpp::ExprP &k : x.kids) {
      auto v = eval(*k);
      if (!v)
        return std::nullopt;
      if (v->kind == WVal::Int)
        l.list.push_back(v->s);
      else
        l.list.push_back(nullptr); // tensors in `return {a, b}`
    }
    return l;
  }
  case cpp::Expr::Lambda:
    return failV(x.at, "a lambda outside AT_DISPATCH is not supported");
  }
  return failV(x.at, "unsupported expression");
}

/// Whether `s` is at least 1 at every task size: size symbols and positive
/// constants under `+`, `*`, ceil division, min and max.
static bool atLeastOne(const SymP &s) {
  if (!s)
    return false;
  switch (s->kind) {
  case Sym::Var:
    return true;
  case Sym::Lit:
    return s->v >= 1;
  case Sym::Add:
  case Sym::Mul:
  case Sym::CeilDiv:
  case Sym::Min:
  case Sym::Max:
    return atLeastOne(s->a) && atLeastOne(s->b);
  default:
    return false;
  }
}

std::optional<WVal> Interp::compareOrShift(const cpp::Expr &x, const WVal &a, const WVal &b) {
  StringRef op = x.text;
  bool cmp = op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=";
  bool logic = op == "&&" || op == "||";
  bool shift = op == "<<" || op == ">>";
  if (!cmp && !logic && !shift)
    return std::nullopt;
  // A data pointer or optional tensor against a null one (`bias_ptr != nullptr`,
  // `nullptr == b`): whether it is present.
  if (op == "==" || op == "!=") {
    std::optional<bool> pa = presence(a), pb = presence(b);
    if (pa && pb && (!*pa || !*pb))
      return intVal(lit(int64_t((*pa == *pb) == (op == "=="))));
  }
  if (!isNum(a) || !isNum(b))
    return failV(x.at, "operator '" + op.str() + "' on something that is not a number");
  auto ca = fixedInt(a.s, symbolValues), cb = fixedInt(b.s, symbolValues);
  if (shift) {
    if (!cb || *cb < 0 || *cb > 62)
      return failV(x.at, "a shift by an amount that is not a small constant");
    if (ca)
      return intVal(lit(op == "<<" ? (*ca << *cb) : (*ca >> *cb)));
    // Sizes are non-negative: n << k = n * 2^k, n >> k = n / 2^k.
    return intVal(bin(op == "<<" ? Sym::Mul : Sym::Div, a.s, lit(int64_t(1) << *cb)));
  }
  if (!ca || !cb) {
    // Identical operands compare equal whatever the sizes.
    if (cmp && same(a.s, b.s))
      return intVal(lit(op == "==" || op == "<=" || op == ">="));
    // A size (a product or sum of sizes) is at least 1: `n == 0`, `n <= 0` and
    // `n < 1` are false at every size, their negations true.
    if (cmp && (ca || cb) && atLeastOne(ca ? b.s : a.s)) {
      int64_t c = ca ? *ca : *cb;
      StringRef o = op;
      if (ca) // c OP n  ->  n OP' c
        o = o == "<" ? ">" : o == ">" ? "<" : o == "<=" ? ">=" : o == ">=" ? "<=" : o;
      std::optional<bool> r;
      if (o == "==" && c < 1) r = false;
      if (o == "!=" && c < 1) r = true;
      if (o == "<" && c <= 1) r = false;
      if (o == "<=" && c < 1) r = false;
      if (o == ">" && c < 1) r = true;
      if (o == ">=" && c <= 1) r = true;
      if (r)
        return intVal(lit(*r));
    }
    // Integers over sizes: an exact 0/1 expression. A branch on it is followed
    // when every task size takes it (Interp::execIf records a guard).
    bool ints = a.kind == WVal::Int && b.kind == WVal::Int && !a.s->isFloat() &&
                !b.s->isFloat();
    if (ints && cmp)
      return intVal(compareSym(op, a.s, b.s));
    if (ints && logic) {
      SymP na = nonZeroSym(a.s), nb = nonZeroSym(b.s);
      return intVal(op == "&&" ? bin(Sym::Min, na, nb)
                               : bin(Sym::Min, bin(Sym::Add, na, nb), lit(1)));
    }
    // Float constants (`eps > 0.0f`).
    llvm::StringMap<int64_t> noSyms;
    std::optional<double> fa = evalSym(a.s, noSyms), fb = evalSym(b.s, noSyms);
    if (cmp && fa && fb) {
      return intVal(lit(int64_t(*compareValues(op, *fa, *fb))));
    }
    return failV(x.at, "a comparison of values that depend on the sizes ('" + op.str() +
                           "'): the importer follows branches and loops that are fixed "
                           "for every size only");
  }
  int64_t l = *ca, r = *cb;
  bool v = cmp ? *compareValues(op, l, r) : op == "&&" ? (l && r) : (l || r);
  return intVal(lit(v));
}

std::optional<WVal> Interp::expandFnMacro(const cpp::Expr &x, const CudaUnit::FnMacro &m,
                                          const std::vector<WVal> &args) {
  StringRef name = x.kids[0]->text;
  if (args.size() != m.params.size())
    return failV(x.at, "macro '" + name.str() + "' takes " + std::to_string(m.params.size()) +
                           " arguments, not " + std::to_string(args.size()));
  if (++macroDepth > 16)
    return failV(x.at, "macro '" + name.str() + "' expands into itself");
  std::string err;
  size_t errAt = 0;
  std::vector<Tok> mt = cpp::lex(m.body, err, errAt);
  size_t q = 0;
  cpp::ExprP me = err.empty() && mt.size() > 1
                      ? cpp::parseExpr(mt, q, mt.size() - 1, err, errAt)
                      : nullptr;
  if (!me || q != mt.size() - 1) {
    --macroDepth;
    return failV(x.at, "macro '" + name.str() + "' is not an expression the importer can read");
  }
  std::function<void(cpp::Expr &)> relocate = [&](cpp::Expr &n) {
    n.at = x.at;
    for (cpp::ExprP &k : n.kids)
      relocate(*k);
  };
  relocate(*me);
  // The arguments are evaluated once and bound to the parameter names (the
  // wrappers' macros are pure arithmetic on sizes).
  std::vector<std::pair<std::string, std::optional<WVal>>> saved;
  for (size_t i = 0; i < args.size(); ++i) {
    auto it = vars.find(m.params[i]);
    saved.push_back({m.params[i], it == vars.end() ? std::nullopt
                                                   : std::optional<WVal>(it->second)});
    vars[m.params[i]] = args[i];
  }
  auto v = eval(*me);
  for (auto &sv : saved) {
    if (sv.second)
      vars[sv.first] = *sv.second;
    else
      vars.erase(sv.first);
  }
  --macroDepth;
  return v;
}
