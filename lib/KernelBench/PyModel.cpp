//===- PyModel.cpp - ModelNew.__init__ and the Model's parameters ----------===//
#include "PyModel.h"

#include "llvm/ADT/StringExtras.h"
#include <cmath>
#include <functional>

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;

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

/// Constructor argument `kw` of a module call, by keyword or at position `pos`.
static const py::Expr *ctorArg(const py::Expr &call, size_t pos, StringRef kw) {
  if (const py::Expr *k = py::keyword(call, kw))
    return k;
  return pos + 1 < call.args.size() ? call.args[pos + 1].get() : nullptr;
}

/// The `eps` constructor argument of a norm module (default 1e-5) into
/// `out.scalars[key.eps]`; false after an error.
static bool readNormEps(ConstScope &scope, const py::Expr *epsE, const std::string &fn,
                        const std::string &key, Diags &d, InitInfo &out) {
  double eps = 1e-5;
  if (epsE) {
    std::string why;
    auto es = scope.toSym(*epsE, why);
    auto ev = es ? evalSym(*es, scope.symbolValues) : std::nullopt;
    if (!ev) {
      d.error(scope.mod.where(epsE->loc), fn + " eps: " + why);
      return false;
    }
    eps = *ev;
  }
  out.scalars[key + ".eps"] = flit(eps);
  return true;
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
  if (conv.consume_front("nn.ConvTranspose") || conv.consume_front("nn.Conv")) {
    handled = true;
    bool transposed = f.contains("Transpose");
    int rank = conv == "1d" ? 1 : conv == "2d" ? 2 : conv == "3d" ? 3 : 0;
    if (!rank)
      return true; // not a convolution module the importer knows: a submodule
    // (in_channels, out_channels, kernel_size, stride, padding, [output_padding,]
    //  groups / dilation, bias) positionally or by keyword.
    auto arg = [&](size_t pos, StringRef kw) { return ctorArg(v, pos, kw); };
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
    auto arg = [&](size_t pos, StringRef kw) { return ctorArg(v, pos, kw); };
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
    if (!readNormEps(scope, layer ? arg(1, "eps") : arg(2, "eps"), fn, key, d, out))
      return false;
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
  // BatchNorm{1,2,3}d(num_features, eps, momentum, affine=True, ...) and
  // InstanceNorm{1,2,3}d(num_features, eps, momentum, affine=False, ...): weight
  // and bias of shape (C) when affine (running statistics are buffers).
  if (norm.starts_with("nn.BatchNorm") || norm.starts_with("nn.InstanceNorm")) {
    handled = true;
    bool batch = norm.starts_with("nn.BatchNorm");
    auto arg = [&](size_t pos, StringRef kw) { return ctorArg(v, pos, kw); };
    const py::Expr *cE = arg(0, "num_features");
    if (!cE) {
      d.error(scope.mod.where(v.loc), fn + " without its num_features");
      return false;
    }
    auto c = scope.toSym(*cE, why);
    if (!c) {
      d.error(scope.mod.where(cE->loc), fn + " num_features: " + why);
      return false;
    }
    if (!readNormEps(scope, arg(1, "eps"), fn, key, d, out))
      return false;
    const py::Expr *affE = arg(3, "affine");
    bool affine = affE ? flagTrue(scope, affE) : batch;
    if (affine) {
      // Drawn around torch's 1 and 0 (see the norms above).
      out.params.push_back({key + ".weight", {*c}, "uniform", 0.5, 1.5, v.loc.offset});
      out.params.push_back({key + ".bias", {*c}, "uniform", -0.5, 0.5, v.loc.offset});
    } else {
      out.noneAttrs[key + ".weight"] = true;
      out.noneAttrs[key + ".bias"] = true;
    }
    return true;
  }
  // Embedding(num_embeddings, embedding_dim, ...): weight (num, dim), normal(0, 1)
  // as torch initialises it (a padding_idx row is only zeroed there; the task's
  // values are loaded into the Model as they are).
  if (norm == "nn.Embedding") {
    handled = true;
    auto arg = [&](size_t pos, StringRef kw) { return ctorArg(v, pos, kw); };
    const py::Expr *nE = arg(0, "num_embeddings"), *dE = arg(1, "embedding_dim");
    if (!nE || !dE) {
      d.error(scope.mod.where(v.loc), fn + " needs num_embeddings and embedding_dim");
      return false;
    }
    auto n = scope.toSym(*nE, why);
    auto dim = n ? scope.toSym(*dE, why) : std::nullopt;
    if (!dim) {
      d.error(scope.mod.where(v.loc), fn + " sizes: " + why);
      return false;
    }
    out.params.push_back({key + ".weight", {*n, *dim}, "normal", 0.0, 1.0, v.loc.offset});
    return true;
  }
  if (f == "nn.Parameter" || f == "torch.nn.Parameter") {
    handled = true;
    if (v.args.size() < 2) {
      d.error(scope.mod.where(v.loc), "nn.Parameter without a tensor");
      return false;
    }
    InputItem it;
    if (!readTensorConstructor(scope, *v.args[1], it, why)) {
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
