//===- PyModel.cpp - get_inputs, get_init_inputs and __init__ --------------===//
#include "PyModel.h"

#include "llvm/ADT/StringExtras.h"
#include <cmath>
#include <functional>

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;

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

std::optional<DType> kfix::kb::torchDType(const py::Expr &e) {
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
/// Locals of get_inputs (`x = torch.randn(...)`), for inputs shaped like another
/// (`torch.randint(0, 2, x.shape)`, `torch.rand_like(x)`).
using InputLocals = llvm::StringMap<const py::Expr *>;

static bool tensorCtor(ConstScope &scope, const py::Expr &e, InputItem &it, std::string &why,
                       const InputLocals *locals = nullptr, int depth = 0);

/// The shape of local tensor `name` of get_inputs, or nullopt with `why` set.
static std::optional<std::vector<SymP>> localShape(ConstScope &scope, StringRef name,
                                                   const InputLocals *locals, int depth,
                                                   std::string &why) {
  auto it = locals ? locals->find(name) : InputLocals::const_iterator();
  if (!locals || it == locals->end()) {
    why = "'" + name.str() + "' is not a tensor made earlier in get_inputs()";
    return std::nullopt;
  }
  if (depth > 8) {
    why = "tensors of get_inputs() are shaped like each other in a cycle";
    return std::nullopt;
  }
  InputItem other;
  if (!tensorCtor(scope, *it->second, other, why, locals, depth + 1))
    return std::nullopt;
  return other.shape;
}

/// `x.shape` / `x.size()` of a local tensor: its shape, else nullopt (`why` set
/// only when `e` has that form but cannot be read).
static std::optional<std::vector<SymP>> shapeOfLocal(ConstScope &scope, const py::Expr &e,
                                                     const InputLocals *locals, int depth,
                                                     std::string &why) {
  const py::Expr *base = nullptr;
  if (e.kind == py::Expr::Attr && e.text == "shape")
    base = e.args[0].get();
  else if (e.kind == py::Expr::Call && e.args.size() == 1 &&
           e.args[0]->kind == py::Expr::Attr && e.args[0]->text == "size")
    base = e.args[0]->args[0].get();
  if (!base || base->kind != py::Expr::Name || base->text == "self")
    return std::nullopt; // `self.shape` is an attribute (a tuple), not a tensor's shape
  return localShape(scope, base->text, locals, depth, why);
}

static bool tensorCtor(ConstScope &scope, const py::Expr &e, InputItem &it, std::string &why,
                       const InputLocals *locals, int depth) {
  if (e.kind == py::Expr::Name && locals && locals->count(e.text) && depth <= 8)
    return tensorCtor(scope, *locals->find(e.text)->second, it, why, locals, depth + 1);
  // Affine transforms of a drawn tensor: `-t`, `t * k`, `k * t`, `t / k`, `t + k`,
  // `k + t`, `t - k`, `k - t` (k a constant). Uniform and constant values stay
  // uniform/constant over the mapped range, normal values normal (mean a, std b).
  if (e.kind == py::Expr::UnaryOp && (e.text == "-" || e.text == "+") && e.args.size() == 1) {
    if (!tensorCtor(scope, *e.args[0], it, why, locals, depth))
      return false;
    if (e.text == "-") {
      it.a = -it.a;
      if (it.dist == "uniform" || it.dist == "randint") {
        it.b = -it.b;
        std::swap(it.a, it.b);
      }
    }
    return true;
  }
  if (e.kind == py::Expr::BinOp &&
      (e.text == "*" || e.text == "+" || e.text == "-" || e.text == "/")) {
    const py::Expr *t = e.args[0].get(), *k = e.args[1].get();
    // The constant is the side that reads as a number (also through names).
    std::string w;
    bool leftConst = e.text != "/" && scope.toSym(*t, w) &&
                     !(t->kind == py::Expr::Name && locals && locals->count(t->text));
    if (leftConst)
      std::swap(t, k);
    if (!tensorCtor(scope, *t, it, why, locals, depth))
      return false;
    auto kv = scope.toSym(*k, why);
    if (!kv || !evalSym(*kv, scope.symbolValues)) {
      why = "the tensor is combined with something that is not a constant";
      return false;
    }
    double c = *evalSym(*kv, scope.symbolValues);
    if (e.text == "/") {
      if (c == 0) {
        why = "a tensor divided by zero";
        return false;
      }
      c = 1.0 / c;
    }
    if (e.text == "*" || e.text == "/") {
      it.a *= c;
      it.b *= c;
      if (it.dist == "normal")
        it.b = std::fabs(it.b);
      else if ((it.dist == "uniform" || it.dist == "randint") && c < 0)
        std::swap(it.a, it.b);
    } else {
      if (leftConst && e.text == "-") { // k - t = -t + k
        it.a = -it.a;
        if (it.dist == "uniform" || it.dist == "randint") {
          it.b = -it.b;
          std::swap(it.a, it.b);
        }
      }
      double sh = e.text == "+" || leftConst ? c : -c;
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
        m == "double" || m == "bfloat16" || m == "bool" || m == "long" || m == "int") {
      if (!tensorCtor(scope, *callee.args[0], it, why, locals, depth))
        return false;
      // randint(0, 2, ...).bool() is a fair mask; other values become true.
      if (m == "bool" && it.dist == "randint") {
        it.a = std::max(0.0, std::min(it.a, 1.0));
        it.b = std::min(std::max(it.b, it.a + 1), 2.0);
      }
      if (m == "bool") it.dtype = DType::boolean;
      if (m == "long") it.dtype = DType::i64;
      if (m == "int") it.dtype = DType::i32;
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
  if (fn.empty() && callee.kind == py::Expr::Attr) {
    // A method on a tensor: computation on drawn values (`.softmax(dim=-1)`,
    // `.abs()`), which the task's input distributions cannot express.
    it.errorAt = callee.args[0]->endOffset + 1; // the method's name, after the '.'
    why = "'." + callee.text + "(...)' computes this input from another tensor; the task "
          "draws inputs from distributions (randn, rand, randint, ones, zeros, with "
          "scaling, shifts and dtype conversions)";
    return false;
  }
  if (!f.consume_front("torch.")) {
    why = "'" + fn + "' is not a torch tensor constructor";
    return false;
  }
  // torch.rand_like(x), randn_like, randint_like(x, [low,] high), ones/zeros_like.
  if (f.ends_with("_like")) {
    if (e.args.size() < 2 || e.args[1]->kind != py::Expr::Name) {
      why = "torch." + f.str() + " of something that is not a tensor of get_inputs()";
      return false;
    }
    auto sh = localShape(scope, e.args[1]->text, locals, depth, why);
    if (!sh)
      return false;
    StringRef kind = f.drop_back(5);
    InputItem other;
    (void)tensorCtor(scope, *locals->find(e.args[1]->text)->second, other, why, locals,
                     depth + 1);
    it.dtype = other.dtype;
    if (kind == "randn") {
      it.dist = "normal";
    } else if (kind == "rand") {
      it.dist = "uniform";
      it.a = 0;
      it.b = 1;
    } else if (kind == "ones" || kind == "zeros") {
      it.dist = "const";
      it.a = kind == "ones" ? 1 : 0;
    } else if (kind == "randint") {
      double lo = 0, hi = 0;
      std::vector<double> nums;
      for (size_t i = 2; i < e.args.size(); ++i) {
        auto ks = scope.toSym(*e.args[i], why);
        auto kv = ks ? evalSym(*ks, scope.symbolValues) : std::nullopt;
        if (!kv)
          return false;
        nums.push_back(*kv);
        symbolsOf(*ks, it.rangeSyms);
      }
      if (nums.empty() || nums.size() > 2) {
        why = "torch.randint_like needs high or low, high";
        return false;
      }
      hi = nums.back();
      if (nums.size() == 2)
        lo = nums[0];
      it.dist = "randint";
      it.a = lo;
      it.b = hi;
    } else {
      why = "'" + fn + "' is not a tensor constructor the importer knows";
      return false;
    }
    it.shape = *sh;
    if (const py::Expr *d = py::keyword(e, "dtype"))
      if (auto dt = torchDType(*d))
        it.dtype = *dt;
    return true;
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
      if (ev) {
        v = *ev;
        symbolsOf(*s, it.rangeSyms);
      }
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
  // Sizes as separate arguments, one tuple (also through a name: `torch.randn(shape)`),
  // or starred tuples (`torch.randn(batch_size, *input_shape)`).
  std::vector<SymP> likeShape; // sizes given as another input's `x.shape`
  for (size_t i = first; i < e.args.size(); ++i) {
    const py::Expr &a = *e.args[i];
    if (e.args.size() == first + 1 && likeShape.empty()) {
      std::string w;
      if (auto sh = shapeOfLocal(scope, a, locals, depth, w)) {
        likeShape = *sh;
        continue;
      }
      if (!w.empty()) {
        why = w;
        return false;
      }
    }
    if (a.kind == py::Expr::Opaque && a.text == "a starred argument" && a.args.size() == 1) {
      auto items = scope.sequence(*a.args[0]);
      if (!items) {
        why = "a starred size that is not a tuple of sizes";
        return false;
      }
      dims.insert(dims.end(), items->begin(), items->end());
      continue;
    }
    if (e.args.size() == first + 1)
      if (auto items = scope.sequence(a)) {
        dims.insert(dims.end(), items->begin(), items->end());
        continue;
      }
    dims.push_back(&a);
  }
  if (const py::Expr *sz = py::keyword(e, "size")) {
    if (auto items = scope.sequence(*sz))
      dims.insert(dims.end(), items->begin(), items->end());
    else
      dims.push_back(sz);
  }
  it.shape = likeShape;
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
    // A number unless a call (a tensor constructor) appears in it:
    // `torch.rand(n) * 8 - 4` is a tensor, `s * 2` a scalar.
    std::function<bool(const py::Expr &)> hasCall = [&](const py::Expr &x) {
      if (x.kind == py::Expr::Call)
        return true;
      if (x.kind == py::Expr::BinOp || x.kind == py::Expr::UnaryOp)
        for (const py::ExprP &a : x.args)
          if (hasCall(*a))
            return true;
      return false;
    };
    if (e->kind == py::Expr::Int || e->kind == py::Expr::Float ||
        (e->kind == py::Expr::Name && !localExprs.count(e->text)) ||
        ((e->kind == py::Expr::BinOp || e->kind == py::Expr::UnaryOp) && !hasCall(*e))) {
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
    if (!tensorCtor(scope, *e, in, why, &localExprs)) {
      d.error(scope.mod.where(in.errorAt ? in.errorAt : e->loc.offset), "get_inputs(): " + why);
      return false;
    }
    out.push_back(in);
  }
  return true;
}

bool kfix::kb::readInitInputs(ConstScope &scope, Diags &d, std::vector<SymP> &out,
                              std::vector<const py::Expr *> &exprs) {
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
    const py::Expr *e = item.get();
    if (e->kind == py::Expr::Name)
      if (auto it = localExprs.find(e->text); it != localExprs.end())
        e = it->second;
    exprs.push_back(&scope.resolve(*e)); // module constants: `bias_shape = (n,)`
    auto s = scope.toSym(*e, why);
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

/// Whether a load_inline call is anywhere in `b` (nested blocks included).
static bool callsLoadInline(const py::Block &b) {
  std::function<bool(const py::Expr &)> inExpr = [&](const py::Expr &e) {
    if (isLoadInline(e))
      return true;
    for (const py::ExprP &a : e.args)
      if (a && inExpr(*a))
        return true;
    for (const auto &kv : e.kwargs)
      if (kv.second && inExpr(*kv.second))
        return true;
    return false;
  };
  for (const py::Stmt &s : b) {
    if (s.value && inExpr(*s.value))
      return true;
    if (callsLoadInline(s.body))
      return true;
    for (const py::Stmt &c : s.clauses)
      if (callsLoadInline(c.body))
        return true;
  }
  return false;
}

/// `self.NAME` -> "NAME" (also self.a.b -> "a.b"), else "". Class-level
/// attributes (`CLS.NAME`, `self.__class__.NAME` with CLS the class being read)
/// count as self's: an extension cached on the class is the instance's too.
static std::string selfAttr(const py::Expr &e, StringRef cls = "") {
  std::string d = py::dottedName(e);
  StringRef s(d);
  if (s.consume_front("self.__class__.") || s.consume_front("self."))
    return s.str();
  if (!cls.empty() && s.starts_with(cls) && s.drop_front(cls.size()).starts_with("."))
    return s.drop_front(cls.size() + 1).str();
  return "";
}

/// A boolean constructor argument (`bias=False`, `bias=bias` of an __init__
/// parameter bound to False): false only when it is known to be false.
static bool flagTrue(ConstScope &scope, const py::Expr *b) {
  if (!b)
    return true;
  std::optional<bool> c = scope.condition(*b);
  return !c || *c;
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
    bool bias = flagTrue(scope, py::keyword(v, "bias"));
    if (v.args.size() > 3 && v.args[3]->kind == py::Expr::Bool)
      bias = v.args[3]->i != 0;
    auto inv = evalSym(*in, scope.symbolValues);
    double bound = inv && *inv > 0 ? 1.0 / std::sqrt(*inv) : 1.0;
    out.params.push_back({key + ".weight", {*o, *in}, "uniform", -bound, bound, v.loc.offset});
    if (bias)
      out.params.push_back({key + ".bias", {*o}, "uniform", -bound, bound, v.loc.offset});
    else
      out.noneAttrs[key + ".bias"] = true;
    return true;
  }
  StringRef conv = f;
  conv.consume_front("torch.");
  if (conv.consume_front("nn.Conv") || conv.consume_front("nn.ConvTranspose")) {
    handled = true;
    bool transposed = f.contains("Transpose");
    int rank = conv == "1d" ? 1 : conv == "2d" ? 2 : conv == "3d" ? 3 : 0;
    if (!rank)
      return true; // not a convolution module the importer knows: a submodule
    // (in_channels, out_channels, kernel_size, stride, padding, [output_padding,]
    //  groups / dilation, bias) positionally or by keyword.
    auto arg = [&](size_t pos, StringRef kw) -> const py::Expr * {
      if (const py::Expr *k = py::keyword(v, kw))
        return k;
      return pos + 1 < v.args.size() ? v.args[pos + 1].get() : nullptr;
    };
    const py::Expr *inE = arg(0, "in_channels"), *outE = arg(1, "out_channels"),
                   *kE = arg(2, "kernel_size");
    if (!inE || !outE || !kE) {
      d.error(scope.mod.where(v.loc), fn + " needs in_channels, out_channels and kernel_size");
      return false;
    }
    auto in = scope.toSym(*inE, why);
    auto o = in ? scope.toSym(*outE, why) : std::nullopt;
    if (!o) {
      d.error(scope.mod.where(v.loc), fn + " channels: " + why);
      return false;
    }
    std::vector<SymP> ks;
    if (auto items = scope.sequence(*kE)) {
      for (const py::Expr *k : *items) {
        auto ksym = scope.toSym(*k, why);
        if (!ksym) {
          d.error(scope.mod.where(k->loc), fn + " kernel_size: " + why);
          return false;
        }
        ks.push_back(*ksym);
      }
    } else {
      auto ksym = scope.toSym(*kE, why);
      if (!ksym) {
        d.error(scope.mod.where(kE->loc), fn + " kernel_size: " + why);
        return false;
      }
      ks.assign(rank, *ksym);
    }
    if (int(ks.size()) != rank) {
      d.error(scope.mod.where(kE->loc), fn + ": kernel_size has " + std::to_string(ks.size()) +
                                            " sizes");
      return false;
    }
    SymP groups = lit(1);
    if (const py::Expr *g = py::keyword(v, "groups")) {
      auto gs = scope.toSym(*g, why);
      if (!gs) {
        d.error(scope.mod.where(g->loc), fn + " groups: " + why);
        return false;
      }
      groups = *gs;
    } else if (!transposed && v.args.size() > 7) {
      auto gs = scope.toSym(*v.args[7], why);
      if (gs)
        groups = *gs;
    }
    bool bias = flagTrue(scope, py::keyword(v, "bias"));
    if (!py::keyword(v, "bias") && !transposed && v.args.size() > 8 && v.args[8]->kind == py::Expr::Bool)
      bias = v.args[8]->i != 0;
    // weight: (out, in/groups, *k), transposed: (in, out/groups, *k); uniform in
    // +-1/sqrt(fan_in) as torch initialises it (fan_in = dim 1 * prod(k)).
    std::vector<SymP> shape = transposed
                                  ? std::vector<SymP>{*in, bin(Sym::Div, *o, groups)}
                                  : std::vector<SymP>{*o, bin(Sym::Div, *in, groups)};
    SymP fan = shape[1];
    for (const SymP &k : ks) {
      shape.push_back(k);
      fan = bin(Sym::Mul, fan, k);
    }
    auto fv = evalSym(fan, scope.symbolValues);
    double bound = fv && *fv > 0 ? 1.0 / std::sqrt(*fv) : 1.0;
    out.params.push_back({key + ".weight", shape, "uniform", -bound, bound, v.loc.offset});
    if (bias)
      out.params.push_back({key + ".bias", {*o}, "uniform", -bound, bound,
                            v.loc.offset});
    else
      out.noneAttrs[key + ".bias"] = true;
    return true;
  }
  StringRef norm = f;
  norm.consume_front("torch.");
  if (norm == "nn.LayerNorm" || norm == "nn.GroupNorm") {
    handled = true;
    bool layer = norm == "nn.LayerNorm";
    auto arg = [&](size_t pos, StringRef kw) -> const py::Expr * {
      if (const py::Expr *k = py::keyword(v, kw))
        return k;
      return pos + 1 < v.args.size() ? v.args[pos + 1].get() : nullptr;
    };
    // LayerNorm(normalized_shape, eps, elementwise_affine, bias);
    // GroupNorm(num_groups, num_channels, eps, affine).
    const py::Expr *shapeE = layer ? arg(0, "normalized_shape") : arg(1, "num_channels");
    if (!shapeE) {
      d.error(scope.mod.where(v.loc), fn + " without its " +
                                          (layer ? "normalized_shape" : "num_channels"));
      return false;
    }
    std::vector<SymP> shape;
    std::vector<const py::Expr *> dims;
    if (auto items = scope.sequence(*shapeE))
      dims = *items;
    else
      dims.push_back(shapeE);
    for (const py::Expr *dE : dims) {
      auto ds = scope.toSym(*dE, why);
      if (!ds) {
        d.error(scope.mod.where(dE->loc), fn + " shape: " + why);
        return false;
      }
      shape.push_back(*ds);
    }
    double eps = 1e-5;
    if (const py::Expr *epsE = layer ? arg(1, "eps") : arg(2, "eps")) {
      auto es = scope.toSym(*epsE, why);
      auto ev = es ? evalSym(*es, scope.symbolValues) : std::nullopt;
      if (!ev) {
        d.error(scope.mod.where(epsE->loc), fn + " eps: " + why);
        return false;
      }
      eps = *ev;
    }
    out.scalars[key + ".eps"] = flit(eps);
    auto flag = [&](size_t pos, StringRef kw) {
      return flagTrue(scope, arg(pos, kw));
    };
    bool affine = layer ? flag(2, "elementwise_affine") : flag(3, "affine");
    bool bias = affine && (!layer || flag(3, "bias"));
    // torch starts them at 1 and 0; drawn around those values here, so that a kernel
    // mixing up gamma, beta or their indices is seen (the reference loads the same files).
    if (affine)
      out.params.push_back({key + ".weight", shape, "uniform", 0.5, 1.5, v.loc.offset});
    if (affine && !bias)
      out.noneAttrs[key + ".bias"] = true;
    if (bias)
      out.params.push_back({key + ".bias", shape, "uniform", -0.5, 0.5, v.loc.offset});
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
                        const std::vector<SymP> &initArgs,
                        const std::vector<const py::Expr *> &initExprs, Diags &d,
                        InitInfo &out) {
  const py::Stmt *init = py::findDef(cls.body, "__init__");
  if (!init)
    return true;
  // Parameters bound to numbers go to `env`; those bound to other values (tuples
  // of sizes, None) to `exprs`, so that shapes and `x is None` can follow them.
  // `defaults` is indexed like `params` (self included).
  llvm::StringMap<SymP> env;
  llvm::StringMap<const py::Expr *> exprs;
  for (size_t i = 1; i < init->params.size(); ++i) {
    SymP v;
    const py::Expr *ve = nullptr;
    if (i - 1 < initArgs.size()) {
      v = initArgs[i - 1];
      if (i - 1 < initExprs.size())
        ve = initExprs[i - 1];
    } else if (i < init->defaults.size() && init->defaults[i]) {
      std::string why;
      ve = init->defaults[i].get();
      if (auto s = scope.toSym(*ve, why))
        v = *s;
    }
    if (!v && ve)
      exprs[init->params[i]] = ve;
    else
      env[init->params[i]] = v;
  }
  scope.locals.push_back(env);
  scope.localExprs.push_back(exprs);
  // Class-body attributes (`_ext = None`) that __init__ has not assigned yet:
  // `if ModelNew._ext is None:` (a cache on the class) is decided by them.
  llvm::StringMap<const py::Expr *> classAttrs;
  for (const py::Stmt &s : cls.body)
    if (s.kind == py::Stmt::Assign && s.value)
      for (const py::ExprP &t : s.targets)
        if (t->kind == py::Expr::Name)
          classAttrs[t->text] = s.value.get();
  auto classCondition = [&](const py::Expr &c) -> std::optional<bool> {
    if (c.kind != py::Expr::Compare || (c.text != "is" && c.text != "is not"))
      return std::nullopt;
    const py::Expr *a = c.args[0].get(), *b = c.args[1].get();
    if (a->kind == py::Expr::NoneLit)
      std::swap(a, b);
    if (b->kind != py::Expr::NoneLit)
      return std::nullopt;
    auto it = classAttrs.find(selfAttr(*a, cls.name));
    if (it == classAttrs.end())
      return std::nullopt;
    bool isNone = it->second->kind == py::Expr::NoneLit;
    return c.text == "is" ? isNone : !isNone;
  };
  std::function<bool(const py::Block &)> walk = [&](const py::Block &body) -> bool {
    for (const py::Stmt &s : body) {
      if (s.kind == py::Stmt::Try) {
        if (!walk(s.body))
          return false;
        continue;
      }
      if (s.kind == py::Stmt::If && s.value) {
        // `if stride is None: stride = kernel_size`: follow the branch taken, when
        // the condition is known now; an undecidable one assigns nothing we know.
        std::optional<bool> c = classCondition(*s.value);
        if (!c)
          c = scope.condition(*s.value);
        if (!c)
          continue;
        if (*c) {
          if (!walk(s.body))
            return false;
          continue;
        }
        for (const py::Stmt &cl : s.clauses) {
          if (cl.name == "else") {
            if (!walk(cl.body))
              return false;
            break;
          }
          if (cl.name == "elif" && cl.value) {
            std::optional<bool> cc = scope.condition(*cl.value);
            if (!cc)
              break;
            if (*cc) {
              if (!walk(cl.body))
                return false;
              break;
            }
          }
        }
        continue;
      }
      // self.register_parameter("bias", None)
      if (s.kind == py::Stmt::ExprStmt && s.value && s.value->kind == py::Expr::Call &&
          selfAttr(*s.value->args[0], cls.name) == "register_parameter" &&
          s.value->args.size() == 3 && s.value->args[1]->kind == py::Expr::Str &&
          s.value->args[2]->kind == py::Expr::NoneLit) {
        out.noneAttrs[s.value->args[1]->str()] = true;
        continue;
      }
      if (s.kind != py::Stmt::Assign || s.targets.size() != 1)
        continue;
      const py::Expr &target = *s.targets[0];
      const py::Expr &v = *s.value;
      if (target.kind == py::Expr::Name) { // local helper values
        out.localValues[target.text] = &v;
        std::string why;
        auto sv = scope.toSym(v, why);
        scope.localExprs.back().erase(target.text);
        scope.locals.back()[target.text] = sv ? *sv : nullptr;
        if (!sv && v.kind != py::Expr::Call)
          scope.localExprs.back()[target.text] = &v; // a tuple, a string, None
        if (!sv && v.kind != py::Expr::Call)
          scope.locals.back().erase(target.text);
        continue;
      }
      std::string key = selfAttr(target, cls.name);
      if (key.empty())
        continue;
      classAttrs.erase(key);
      scope.selfExprs[key] = &v;
      out.noneAttrs.erase(key);
      if (v.kind == py::Expr::NoneLit)
        out.noneAttrs[key] = true; // `self.bias = None`: decides `if self.bias is None`
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
      // `self.ext = build_ext()` / `self._get_ext()`: a function of the candidate
      // that calls load_inline (FindExtensions.cpp names it `build_ext()`).
      if (v.kind == py::Expr::Call) {
        const py::Expr &callee = *v.args[0];
        const py::Stmt *fn = nullptr;
        std::string name;
        if (callee.kind == py::Expr::Name && !scope.locals.back().count(callee.text)) {
          fn = py::findDef(scope.mod.body, callee.text);
          name = callee.text + "()";
        } else if (std::string m = selfAttr(callee, cls.name); !m.empty()) {
          fn = py::findDef(cls.body, m);
          name = "self." + m + "()";
        }
        if (fn && callsLoadInline(fn->body)) {
          out.extAlias[key] = name;
          continue;
        }
      }
      bool handled;
      if (!readParamInit(scope, key, v, d, out, handled))
        return false;
      readModuleAttrs(scope, key, v, out);
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
  scope.selfExprs.clear();
  scope.localExprs.pop_back();
  return ok;
}
