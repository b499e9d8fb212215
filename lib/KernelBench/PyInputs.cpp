//===- PyInputs.cpp - get_inputs and get_init_inputs -----------------------===//
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
/// `e` with every name bound in `env` replaced by its expression (copies only
/// the nodes on the way to a replaced name).
static py::ExprP substituteLocals(const py::ExprP &e, const llvm::StringMap<py::ExprP> &env) {
  if (!e)
    return e;
  if (e->kind == py::Expr::Name) {
    auto it = env.find(e->text);
    return it == env.end() ? e : it->second;
  }
  std::vector<py::ExprP> args;
  bool changed = false;
  for (const py::ExprP &a : e->args) {
    args.push_back(substituteLocals(a, env));
    changed |= args.back() != a;
  }
  if (!changed)
    return e;
  auto c = std::make_shared<py::Expr>(*e);
  c->args = std::move(args);
  return c;
}

/// The list get_inputs()/get_init_inputs() returns, and its locals by name. A
/// local assigned again from itself (`A = torch.tril(A)`) reads the earlier
/// value: assignments are taken in order, each with the names bound so far
/// substituted (the copies are kept in `owned`).
static const py::Expr *returnedList(ConstScope &scope, const py::Stmt &def,
                                    llvm::StringMap<const py::Expr *> &localExprs,
                                    std::vector<py::ExprP> &owned) {
  const py::Expr *ret = nullptr;
  llvm::StringMap<py::ExprP> env;
  for (const py::Stmt &s : def.body) {
    if (s.kind == py::Stmt::Assign && s.targets.size() == 1 &&
        s.targets[0]->kind == py::Expr::Name) {
      const std::string &name = s.targets[0]->text;
      py::ExprP v = s.value;
      // Only a reassignment reading the name's own earlier value needs the copy;
      // other locals keep referring to each other by name, as before.
      if (env.count(name)) {
        llvm::StringMap<py::ExprP> self;
        self[name] = env[name];
        v = substituteLocals(v, self);
        if (v != s.value)
          owned.push_back(v);
      }
      env[name] = v;
      localExprs[name] = v.get();
    }
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
    if (e.text == "-" && !it.transforms.empty()) { // after a transform: one more
      InputTransform n;
      n.op = InputTransform::neg;
      it.transforms.push_back(n);
    } else if (e.text == "-") {
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
    // A tensor of one constant value (`torch.ones(h)`, `torch.full(s, 2.0)`)
    // combined with a drawn one acts as that number
    // (`torch.ones(h) + 0.1 * torch.randn(h)`).
    auto constTensor = [&](const py::Expr &x) -> std::optional<double> {
      if (x.kind != py::Expr::Call && x.kind != py::Expr::BinOp &&
          x.kind != py::Expr::UnaryOp)
        return std::nullopt;
      InputItem c;
      std::string w;
      if (!tensorCtor(scope, x, c, w, locals, depth + 1) || c.dist != "const" ||
          !c.transforms.empty())
        return std::nullopt;
      return c.a;
    };
    // The constant is the side that reads as a number (also through names).
    std::string w;
    bool leftConst = e.text != "/" &&
                     ((scope.toSym(*t, w) &&
                       !(t->kind == py::Expr::Name && locals && locals->count(t->text))) ||
                      (constTensor(*t) && !constTensor(*k)));
    if (leftConst)
      std::swap(t, k);
    if (!tensorCtor(scope, *t, it, why, locals, depth))
      return false;
    std::optional<double> kc;
    SymP kv;
    std::string kwhy;
    if (auto ks = scope.toSym(*k, kwhy); ks && evalSym(*ks, scope.symbolValues)) {
      kv = *ks;
      kc = *evalSym(*ks, scope.symbolValues);
    } else if (auto ct = constTensor(*k)) {
      kc = *ct;
      kv = flit(*ct);
    }
    if (!kc) {
      why = "the tensor is combined with something that is not a constant";
      return false;
    }
    double c = *kc;
    if (e.text == "/") {
      if (c == 0) {
        why = "a tensor divided by zero";
        return false;
      }
      c = 1.0 / c;
    }
    if (!it.transforms.empty()) {
      // After a transform (`t.softmax(-1) * 2`) the affine map is one more.
      symbolsOf(kv, it.rangeSyms);
      InputTransform m;
      bool scale = e.text == "*" || e.text == "/";
      if (!scale && leftConst && e.text == "-") {
        m.op = InputTransform::neg;
        it.transforms.push_back(m);
      }
      m.op = scale ? InputTransform::mul : InputTransform::add;
      m.value = scale || e.text == "+" || leftConst ? c : -c;
      it.transforms.push_back(m);
      return true;
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
  {
    // Computations on a drawn tensor: `.softmax(dim=-1)`, `torch.triu(...)`.
    const py::Expr *operand = nullptr;
    std::vector<InputTransform> ts;
    int r = readInputTransform(scope, e, operand, ts, it.rangeSyms, why, it.errorAt);
    if (r < 0) {
      // At the op's name, after the '.' that ends its base (`torch`, `F`, a call).
      std::function<size_t(const py::Expr &)> endOf = [&](const py::Expr &x) -> size_t {
        if (x.endOffset)
          return x.endOffset;
        if (x.kind == py::Expr::Name)
          return x.loc.offset + x.text.size();
        if (x.kind == py::Expr::Attr && !x.args.empty())
          return endOf(*x.args[0]) + 1 + x.text.size();
        return 0;
      };
      if (!it.errorAt)
        if (size_t end = endOf(*e.args[0]->args[0]))
          it.errorAt = end + 1;
      return false;
    }
    if (r > 0) {
      if (!tensorCtor(scope, *operand, it, why, locals, depth))
        return false;
      it.transforms.insert(it.transforms.end(), ts.begin(), ts.end());
      if (const py::Expr *d = py::keyword(e, "dtype"))
        if (auto dt = torchDType(*d))
          it.dtype = *dt;
      return true;
    }
  }
  const py::Expr &callee = *e.args[0];
  if (callee.kind == py::Expr::Attr) {
    StringRef m = callee.text;
    if (m == "cuda" || m == "contiguous" || m == "to" || m == "float" || m == "half" ||
        m == "double" || m == "bfloat16" || m == "bool" || m == "long" || m == "int") {
      if (!tensorCtor(scope, *callee.args[0], it, why, locals, depth))
        return false;
      if (m == "bool" && !it.transforms.empty()) {
        why = "a computed tensor converted to bool";
        return false;
      }
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
    why = "'." + callee.text + "(...)' computes this input from another tensor in a way "
          "the task cannot express (it draws inputs from randn, rand, randint, ones, zeros, "
          "with scaling, shifts, dtype conversions and the transforms " +
          transformOpList() + ")";
    return false;
  }
  if (!f.consume_front("torch.")) {
    why = "'" + fn + "' is not a torch tensor constructor";
    return false;
  }
  // torch.tensor(v) of a number (a 0-d tensor: `nn.Parameter(torch.tensor(scale))`).
  if (f == "tensor") {
    auto vs = e.args.size() >= 2 ? scope.toSym(*e.args[1], why) : std::nullopt;
    auto vv = vs ? evalSym(*vs, scope.symbolValues) : std::nullopt;
    if (!vv) {
      why = "torch.tensor of something that is not a number (a list of values cannot be "
            "drawn)";
      return false;
    }
    it.dist = "const";
    it.a = *vv;
    it.shape.clear();
    if ((*vs)->isFloat() || !py::keyword(e, "dtype"))
      it.dtype = (*vs)->isFloat() ? DType::f32 : DType::i64;
    if (const py::Expr *d = py::keyword(e, "dtype"))
      if (auto dt = torchDType(*d))
        it.dtype = *dt;
    return true;
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
  } else if (f == "full") {
    // torch.full(size, fill_value): the size is one argument (a tuple).
    const py::Expr *fill = e.args.size() >= 3 ? e.args[2].get() : py::keyword(e, "fill_value");
    const py::Expr *size = e.args.size() >= 2 ? e.args[1].get() : py::keyword(e, "size");
    auto fv = fill ? scope.toSym(*fill, why) : std::nullopt;
    auto fe = fv ? evalSym(*fv, scope.symbolValues) : std::nullopt;
    if (!size || !fe) {
      if (why.empty() || size)
        why = "torch.full needs a size and a constant fill value";
      return false;
    }
    it.dist = "const";
    it.a = *fe;
    if (auto items = scope.sequence(*size))
      dims.insert(dims.end(), items->begin(), items->end());
    else
      dims.push_back(size);
    first = e.args.size(); // every positional argument is read
  } else if (f == "empty") {
    it.dist = "normal";
  } else {
    why = "'" + fn + "' is not a tensor constructor the importer knows (randn, rand, "
          "randint, ones, zeros, full)";
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
  if (const py::Expr *sz = f == "full" ? nullptr : py::keyword(e, "size")) {
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
  std::vector<py::ExprP> owned;
  const py::Expr *ret = returnedList(scope, *def, localExprs, owned);
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
    for (const InputTransform &t : in.transforms) {
      std::string bad = checkTransform(t, in.dtype, in.shape.size());
      if (!bad.empty()) {
        d.error(scope.mod.where(e->loc.offset), "get_inputs(): " + bad);
        return false;
      }
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
  std::vector<py::ExprP> owned;
  const py::Expr *ret = returnedList(scope, *def, localExprs, owned);
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

bool kfix::kb::readTensorConstructor(ConstScope &scope, const py::Expr &e, InputItem &it,
                                     std::string &why) {
  return tensorCtor(scope, e, it, why);
}
