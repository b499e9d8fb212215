//===- PyModel.cpp - get_inputs, get_init_inputs and __init__ --------------===//
#include "PyModel.h"

#include "llvm/ADT/StringExtras.h"
#include <cmath>

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;

ConstScope::ConstScope(const py::Module &m) : mod(m) {
  for (const py::Stmt &s : m.body)
    if (s.kind == py::Stmt::Assign && s.value)
      for (const py::ExprP &t : s.targets)
        if (t->kind == py::Expr::Name)
          consts[t->text] = s.value.get();
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

//===----------------------------------------------------------------------===//
// get_inputs / get_init_inputs
//===----------------------------------------------------------------------===//

/// The returned list of a `def f(): ...; return [...]`, with its locals bound.
static const py::Expr *returnedList(ConstScope &scope, const py::Stmt &def,
                                    llvm::StringMap<const py::Expr *> &localExprs) {
  const py::Expr *ret = nullptr;
  for (const py::Stmt &s : def.body) {
    if (s.kind == py::Stmt::Assign && s.targets.size() == 1 &&
        s.targets[0]->kind == py::Expr::Name)
      localExprs[s.targets[0]->text] = s.value.get();
    if (s.kind == py::Stmt::Return && s.value)
      ret = s.value.get();
  }
  (void)scope;
  return ret;
}

static std::optional<DType> torchDType(const py::Expr &e) {
  std::string n = py::dottedName(e);
  StringRef s(n);
  s.consume_front("torch.");
  return llvm::StringSwitch<std::optional<DType>>(s)
      .Cases({"float32", "float"}, DType::f32)
      .Cases({"float64", "double"}, DType::f64)
      .Cases({"float16", "half"}, DType::f16)
      .Case("bfloat16", DType::bf16)
      .Cases({"int32", "int"}, DType::i32)
      .Cases({"int64", "long"}, DType::i64)
      .Case("int16", DType::i16)
      .Case("int8", DType::i8)
      .Case("uint8", DType::u8)
      .Case("bool", DType::boolean)
      .Default(std::nullopt);
}

/// torch.randn(a, b) / torch.rand((a, b)) / torch.randint(lo, hi, (a, b)) / ones / zeros,
/// with .cuda() / .to(...) / .float() / .half() / .contiguous() and `* k` / `+ k`.
static bool tensorCtor(ConstScope &scope, const py::Expr &e, InputItem &it, std::string &why) {
  if (e.kind == py::Expr::BinOp && (e.text == "*" || e.text == "+" || e.text == "-")) {
    const py::Expr *t = e.args[0].get(), *k = e.args[1].get();
    if (e.text == "*" && t->kind != py::Expr::Call)
      std::swap(t, k);
    if (!tensorCtor(scope, *t, it, why))
      return false;
    auto kv = scope.toSym(*k, why);
    if (!kv || !evalSym(*kv, scope.symbolValues)) {
      why = "the tensor is combined with something that is not a constant";
      return false;
    }
    double c = *evalSym(*kv, scope.symbolValues);
    if (e.text == "*") {
      it.a *= c;
      it.b *= c;
      if (it.dist == "uniform" && c < 0)
        std::swap(it.a, it.b);
    } else {
      double sh = e.text == "+" ? c : -c;
      if (it.dist == "normal")
        it.a += sh;
      else {
        it.a += sh;
        it.b += sh;
      }
    }
    return true;
  }
  if (e.kind != py::Expr::Call) {
    why = "not a tensor constructor";
    return false;
  }
  const py::Expr &callee = *e.args[0];
  if (callee.kind == py::Expr::Attr) {
    StringRef m = callee.text;
    if (m == "cuda" || m == "contiguous" || m == "to" || m == "float" || m == "half" ||
        m == "double" || m == "bfloat16") {
      if (!tensorCtor(scope, *callee.args[0], it, why))
        return false;
      if (m == "half") it.dtype = DType::f16;
      if (m == "double") it.dtype = DType::f64;
      if (m == "bfloat16") it.dtype = DType::bf16;
      if (m == "float") it.dtype = DType::f32;
      if (m == "to")
        for (size_t i = 1; i < e.args.size(); ++i)
          if (auto dt = torchDType(*e.args[i]))
            it.dtype = *dt;
      if (m == "to")
        if (const py::Expr *d = py::keyword(e, "dtype"))
          if (auto dt = torchDType(*d))
            it.dtype = *dt;
      return true;
    }
  }
  std::string fn = py::dottedName(callee);
  StringRef f(fn);
  if (!f.consume_front("torch.")) {
    why = "'" + fn + "' is not a torch tensor constructor";
    return false;
  }
  std::vector<const py::Expr *> dims;
  size_t first = 1;
  if (f == "randint") {
    // randint(high, size) or randint(low, high, size)
    std::vector<const py::Expr *> pos;
    for (size_t i = 1; i < e.args.size(); ++i)
      pos.push_back(e.args[i].get());
    if (pos.size() < 2) {
      why = "torch.randint needs a size";
      return false;
    }
    double lo = 0, hi;
    auto num = [&](const py::Expr *x, double &v) {
      auto s = scope.toSym(*x, why);
      auto ev = s ? evalSym(*s, scope.symbolValues) : std::nullopt;
      if (ev)
        v = *ev;
      return ev.has_value();
    };
    if (pos.size() == 3 && !num(pos[0], lo))
      return false;
    if (!num(pos[pos.size() - 2], hi))
      return false;
    it.dist = "randint";
    it.a = lo;
    it.b = hi;
    it.dtype = DType::i64;
    first = e.args.size() - 1;
  } else if (f == "randn") {
    it.dist = "normal";
  } else if (f == "rand") {
    it.dist = "uniform";
    it.a = 0;
    it.b = 1;
  } else if (f == "ones" || f == "zeros") {
    it.dist = "const";
    it.a = f == "ones" ? 1 : 0;
  } else if (f == "empty") {
    it.dist = "normal";
  } else {
    why = "'" + fn + "' is not a tensor constructor the importer knows (randn, rand, "
          "randint, ones, zeros)";
    return false;
  }
  for (size_t i = first; i < e.args.size(); ++i) {
    const py::Expr &a = *e.args[i];
    if ((a.kind == py::Expr::Tuple || a.kind == py::Expr::List) && e.args.size() == first + 1) {
      for (const py::ExprP &d : a.args)
        dims.push_back(d.get());
    } else {
      dims.push_back(&a);
    }
  }
  if (const py::Expr *sz = py::keyword(e, "size"))
    for (const py::ExprP &d : sz->args)
      dims.push_back(d.get());
  for (const py::Expr *d : dims) {
    auto s = scope.toSym(*d, why);
    if (!s)
      return false;
    if ((*s)->isFloat()) {
      why = "a tensor dimension that is not an integer";
      return false;
    }
    it.shape.push_back(*s);
  }
  if (const py::Expr *d = py::keyword(e, "dtype")) {
    auto dt = torchDType(*d);
    if (!dt) {
      why = "unsupported dtype '" + py::dottedName(*d) + "'";
      return false;
    }
    it.dtype = *dt;
  }
  return true;
}

bool kfix::kb::readInputs(ConstScope &scope, Diags &d, std::vector<InputItem> &out) {
  const py::Stmt *def = py::findDef(scope.mod.body, "get_inputs");
  if (!def) {
    d.error(scope.mod.where(0), "the problem defines no get_inputs()");
    return false;
  }
  llvm::StringMap<const py::Expr *> localExprs;
  const py::Expr *ret = returnedList(scope, *def, localExprs);
  if (!ret || (ret->kind != py::Expr::List && ret->kind != py::Expr::Tuple)) {
    d.error(scope.mod.where(def->loc), "get_inputs() does not return a list the importer can "
                                       "read");
    return false;
  }
  for (const py::ExprP &item : ret->args) {
    const py::Expr *e = item.get();
    if (e->kind == py::Expr::Name)
      if (auto it = localExprs.find(e->text); it != localExprs.end())
        e = it->second;
    InputItem in;
    in.loc = e->loc.offset;
    std::string why;
    if (e->kind == py::Expr::Int || e->kind == py::Expr::Float ||
        (e->kind == py::Expr::Name && !localExprs.count(e->text)) ||
        (e->kind == py::Expr::BinOp && e->args[0]->kind != py::Expr::Call &&
         e->args[1]->kind != py::Expr::Call)) {
      auto s = scope.toSym(*e, why);
      if (!s) {
        d.error(scope.mod.where(e->loc), "get_inputs(): " + why);
        return false;
      }
      in.tensor = false;
      in.scalar = *s;
      out.push_back(in);
      continue;
    }
    if (!tensorCtor(scope, *e, in, why)) {
      d.error(scope.mod.where(e->loc), "get_inputs(): " + why);
      return false;
    }
    out.push_back(in);
  }
  return true;
}

bool kfix::kb::readInitInputs(ConstScope &scope, Diags &d, std::vector<SymP> &out) {
  const py::Stmt *def = py::findDef(scope.mod.body, "get_init_inputs");
  if (!def)
    return true; // Model() without arguments
  llvm::StringMap<const py::Expr *> localExprs;
  const py::Expr *ret = returnedList(scope, *def, localExprs);
  if (!ret)
    return true;
  if (ret->kind != py::Expr::List && ret->kind != py::Expr::Tuple) {
    d.error(scope.mod.where(ret->loc), "get_init_inputs() does not return a list");
    return false;
  }
  for (const py::ExprP &item : ret->args) {
    std::string why;
    auto s = scope.toSym(*item, why);
    if (!s) {
      // Non-numeric init arguments (tuples of kernel sizes, ...) cannot be sizes; they
      // only matter when ModelNew uses them, which then fails with its own message.
      out.push_back(nullptr);
      continue;
    }
    out.push_back(*s);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// __init__
//===----------------------------------------------------------------------===//

static bool isLoadInline(const py::Expr &e) {
  if (e.kind != py::Expr::Call)
    return false;
  std::string fn = py::dottedName(*e.args[0]);
  return fn == "load_inline" || StringRef(fn).ends_with(".load_inline");
}

/// `self.NAME` -> "NAME" (also self.a.b -> "a.b"), else "".
static std::string selfAttr(const py::Expr &e) {
  std::string d = py::dottedName(e);
  StringRef s(d);
  if (!s.consume_front("self."))
    return "";
  return s.str();
}

static bool readParamInit(ConstScope &scope, const std::string &key, const py::Expr &v,
                          Diags &d, InitInfo &out, bool &handled) {
  handled = false;
  if (v.kind != py::Expr::Call)
    return true;
  std::string fn = py::dottedName(*v.args[0]);
  StringRef f(fn);
  std::string why;
  if (f == "nn.Linear" || f == "torch.nn.Linear") {
    handled = true;
    if (v.args.size() < 3) {
      d.error(scope.mod.where(v.loc), "nn.Linear needs in_features and out_features");
      return false;
    }
    auto in = scope.toSym(*v.args[1], why);
    auto o = in ? scope.toSym(*v.args[2], why) : std::nullopt;
    if (!o) {
      d.error(scope.mod.where(v.loc), "nn.Linear sizes: " + why);
      return false;
    }
    bool bias = true;
    if (const py::Expr *b = py::keyword(v, "bias"))
      bias = !(b->kind == py::Expr::Bool && b->i == 0);
    if (v.args.size() > 3 && v.args[3]->kind == py::Expr::Bool)
      bias = v.args[3]->i != 0;
    auto inv = evalSym(*in, scope.symbolValues);
    double bound = inv && *inv > 0 ? 1.0 / std::sqrt(*inv) : 1.0;
    out.params.push_back({key + ".weight", {*o, *in}, "uniform", -bound, bound, v.loc.offset});
    if (bias)
      out.params.push_back({key + ".bias", {*o}, "uniform", -bound, bound, v.loc.offset});
    return true;
  }
  if (f == "nn.Parameter" || f == "torch.nn.Parameter") {
    handled = true;
    if (v.args.size() < 2) {
      d.error(scope.mod.where(v.loc), "nn.Parameter without a tensor");
      return false;
    }
    InputItem it;
    if (!tensorCtor(scope, *v.args[1], it, why)) {
      d.error(scope.mod.where(v.args[1]->loc), "nn.Parameter: " + why);
      return false;
    }
    out.params.push_back({key, it.shape, it.dist, it.a, it.b, v.loc.offset});
    return true;
  }
  if (f.starts_with("nn.") || f.starts_with("torch.nn.")) {
    handled = true;
    out.submodules[key] = v.loc.offset;
  }
  return true;
}

bool kfix::kb::readInit(ConstScope &scope, const py::Stmt &cls,
                        const std::vector<SymP> &initArgs, Diags &d, InitInfo &out) {
  const py::Stmt *init = py::findDef(cls.body, "__init__");
  if (!init)
    return true;
  llvm::StringMap<SymP> env;
  for (size_t i = 1; i < init->params.size(); ++i) {
    SymP v;
    if (i - 1 < initArgs.size())
      v = initArgs[i - 1];
    else if (i - 1 < init->defaults.size() && init->defaults[i - 1]) {
      std::string why;
      if (auto s = scope.toSym(*init->defaults[i - 1], why))
        v = *s;
    }
    env[init->params[i]] = v;
  }
  scope.locals.push_back(env);
  std::function<bool(const py::Block &)> walk = [&](const py::Block &body) -> bool {
    for (const py::Stmt &s : body) {
      if (s.kind == py::Stmt::Try) {
        if (!walk(s.body))
          return false;
        continue;
      }
      if (s.kind != py::Stmt::Assign || s.targets.size() != 1)
        continue;
      const py::Expr &target = *s.targets[0];
      const py::Expr &v = *s.value;
      if (target.kind == py::Expr::Name) { // local helper values
        std::string why;
        auto sv = scope.toSym(v, why);
        scope.locals.back()[target.text] = sv ? *sv : nullptr;
        continue;
      }
      std::string key = selfAttr(target);
      if (key.empty())
        continue;
      if (isLoadInline(v)) {
        out.loadInlineCalls.push_back(&v);
        out.loadInlineTargets.push_back("self." + key);
        continue;
      }
      if (v.kind == py::Expr::Name && !scope.consts.count(v.text) &&
          !scope.locals.back().count(v.text)) {
        out.extAlias[key] = v.text; // checked against the module's extensions later
        continue;
      }
      if (v.kind == py::Expr::Name && scope.consts.count(v.text) &&
          isLoadInline(*scope.consts[v.text])) {
        out.extAlias[key] = v.text;
        continue;
      }
      bool handled;
      if (!readParamInit(scope, key, v, d, out, handled))
        return false;
      if (handled)
        continue;
      std::string why;
      if (auto sv = scope.toSym(v, why))
        out.scalars[key] = *sv;
    }
    return true;
  };
  bool ok = walk(init->body);
  scope.locals.pop_back();
  return ok;
}
