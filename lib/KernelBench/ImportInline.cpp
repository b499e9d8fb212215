//===- ImportInline.cpp - Python functions that ModelNew.forward calls ----===//
//
// forward often reaches the extension through a layer of the candidate's own
// Python: a module-level helper (`def fused(x): return ext.f(x)`), a method of
// ModelNew, a lambda or an extension function stored in self by __init__
// (`self.op = lambda t: ext.f(t)`, `self.fn = ext.f`), or the `apply` of a
// torch.autograd.Function subclass whose forward calls the extension. These are
// run in place, their parameters bound to the caller's values; the same rules
// as in forward hold inside them (straight-line code, torch ops are findings).
//
//===----------------------------------------------------------------------===//
#include "ImporterImpl.h"

#include <algorithm>
#include <functional>

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using llvm::StringRef;

std::string Importer::selfDotted(const py::Expr &e) const {
  std::string dotted = py::dottedName(e);
  StringRef s(dotted);
  // `type(self).X`: an attribute of a call, which dottedName does not spell.
  if (dotted.empty() && e.kind == py::Expr::Attr) {
    const py::Expr &b = *e.args[0];
    if (b.kind == py::Expr::Call && py::dottedName(*b.args[0]) == "type" && b.args.size() == 2 &&
        py::dottedName(*b.args[1]) == "self")
      return "self." + e.text;
    if (b.kind == py::Expr::Attr) {
      std::string inner = selfDotted(b);
      if (!inner.empty())
        return inner + "." + e.text;
    }
    return dotted;
  }
  if (s.consume_front("self.__class__.") || s.consume_front("ModelNew."))
    return "self." + s.str();
  return dotted;
}

namespace {
/// The callee forward's call resolves to.
struct Callee {
  const py::Stmt *def = nullptr;  ///< a function to run
  const py::Expr *lambda = nullptr;
  PV first;                       ///< bound to def's first parameter (self, ctx) when set
  bool bindFirst = false;
  const py::Expr *extFn = nullptr; ///< `self.fn = ext.f`: the extension function
  std::string what;                ///< for messages
};
} // namespace

std::optional<PV> Importer::callExtWithArgs(const py::Expr &e, const PV &fn,
                                            llvm::StringMap<PV> &env) {
  std::vector<PV> args;
  for (size_t i = 1; i < e.args.size(); ++i) {
    auto a = eval(*e.args[i], env);
    if (!a)
      return std::nullopt;
    args.push_back(*a);
  }
  if (!bindExtKeywords(e, fn, args, env))
    return std::nullopt;
  return callExt(e, fn, args);
}

std::optional<PV> Importer::inlineCall(const py::Expr &e, llvm::StringMap<PV> &env,
                                       bool &followed) {
  followed = false;
  const py::Expr &callee = *e.args[0];
  const py::Stmt *cls = py::findClass(cand.body, "ModelNew");
  const py::Stmt *init = cls ? py::findDef(cls->body, "__init__") : nullptr;
  Callee c;
  // What `self.NAME = VALUE` in __init__ stored, or null.
  auto initValue = [&](StringRef name) -> const py::Expr * {
    if (!init)
      return nullptr;
    const py::Expr *found = nullptr;
    std::function<void(const py::Block &)> walk = [&](const py::Block &b) {
      for (const py::Stmt &s : b) {
        if (s.kind == py::Stmt::Assign && s.value)
          for (const py::ExprP &t : s.targets)
            if (selfDotted(*t) == ("self." + name).str())
              found = s.value.get();
        walk(s.body);
      }
    };
    walk(init->body);
    return found;
  };
  // `X.apply` of a torch.autograd.Function subclass X.
  auto autogradApply = [&](const py::Expr &x) {
    if (x.kind != py::Expr::Attr || x.text != "apply" || x.args[0]->kind != py::Expr::Name)
      return false;
    const py::Stmt *k = py::findClass(cand.body, x.args[0]->text);
    const py::Stmt *fwd = k ? py::findDef(k->body, "forward") : nullptr;
    if (!fwd)
      return false;
    c.def = fwd;
    c.first.kind = PV::Ctx;
    c.bindFirst = true;
    c.what = x.args[0]->text + ".apply";
    return true;
  };
  const py::Expr *target = &callee;
  for (int hop = 0; hop < 4 && !c.def && !c.lambda && !c.extFn; ++hop) {
    const py::Expr &x = *target;
    if (x.kind == py::Expr::Lambda) {
      c.lambda = &x;
      c.what = "lambda";
      break;
    }
    if (autogradApply(x))
      break;
    if (x.kind == py::Expr::Name) {
      if (env.count(x.text))
        return std::nullopt; // a local of forward: evaluated by the caller
      if (const py::Stmt *fn = py::findDef(cand.body, x.text)) {
        c.def = fn;
        c.what = x.text;
        break;
      }
      auto it = cscope.consts.find(x.text); // `gelu = GeluFn.apply`, `f = lambda x: ...`
      if (it == cscope.consts.end())
        return std::nullopt;
      target = it->second;
      continue;
    }
    std::string dotted = selfDotted(x);
    StringRef name(dotted);
    if (!name.consume_front("self.") || name.contains('.'))
      return std::nullopt;
    if (const py::Stmt *m = cls ? py::findDef(cls->body, name) : nullptr) {
      if (name == "forward" || name == "__init__")
        return std::nullopt;
      c.def = m;
      c.first.kind = PV::Self;
      c.bindFirst = true;
      c.what = "self." + name.str();
      break;
    }
    const py::Expr *v = initValue(name);
    if (!v)
      return std::nullopt;
    if (v->kind == py::Expr::Attr && v->text != "apply") { // self.fn = ext.f
      c.extFn = v;
      c.what = "self." + name.str();
      break;
    }
    target = v;
  }
  if (!c.def && !c.lambda && !c.extFn)
    return std::nullopt;
  followed = true;

  std::vector<PV> args;
  for (size_t i = 1; i < e.args.size(); ++i) {
    if (e.args[i]->kind == py::Expr::Opaque) {
      d.error(cand.where(e.args[i]->loc), "cannot pass " + e.args[i]->text + " to '" + c.what +
                                              "' (the importer binds plain arguments)");
      return std::nullopt;
    }
    auto a = eval(*e.args[i], env);
    if (!a)
      return std::nullopt;
    args.push_back(*a);
  }
  if (c.extFn) { // an extension function under another name
    auto base = eval(*c.extFn->args[0], env);
    if (!base)
      return std::nullopt;
    if (base->kind != PV::Ext) {
      d.error(cand.where(e.loc), "'" + c.what + "' is not a function of an extension");
      return std::nullopt;
    }
    PV fn;
    fn.kind = PV::ExtFn;
    fn.ext = base->ext;
    fn.name = c.extFn->text;
    if (!bindExtKeywords(e, fn, args, env))
      return std::nullopt;
    return callExt(e, fn, args);
  }
  if (inlineDepth >= 8) {
    d.error(cand.where(e.loc), "calls of the candidate's functions nest deeper than 8 "
                               "(recursion?)");
    return std::nullopt;
  }

  // Parameter names and defaults.
  std::vector<std::string> params;
  std::vector<const py::Expr *> defaults;
  if (c.lambda) {
    for (const auto &kv : c.lambda->kwargs) {
      params.push_back(kv.first);
      defaults.push_back(kv.second.get());
    }
  } else {
    params = c.def->params;
    for (size_t i = 0; i < params.size(); ++i)
      defaults.push_back(i < c.def->defaults.size() ? c.def->defaults[i].get() : nullptr);
  }
  for (const std::string &p : params)
    if (StringRef(p).starts_with("*")) {
      d.error(cand.where(e.loc), "'" + c.what + "' takes " + p + " (starred parameters are "
                                                               "not bound by the importer)");
      return std::nullopt;
    }
  llvm::StringMap<PV> local;
  size_t k = 0;
  if (c.bindFirst) {
    if (params.empty()) {
      d.error(cand.where(e.loc), "'" + c.what + "' takes no parameter for self/ctx");
      return std::nullopt;
    }
    local[params[0]] = c.first;
    k = 1;
  }
  if (args.size() > params.size() - k) {
    d.error(cand.where(e.loc), "'" + c.what + "' takes " + std::to_string(params.size() - k) +
                                   " arguments, the call passes " +
                                   std::to_string(args.size()));
    return std::nullopt;
  }
  for (size_t i = 0; i < args.size(); ++i)
    local[params[k + i]] = args[i];
  for (const auto &kv : e.kwargs) {
    if (kv.first.empty() || std::find(params.begin(), params.end(), kv.first) == params.end()) {
      d.error(cand.where(kv.second ? kv.second->loc : e.loc),
              "'" + c.what + "' has no parameter '" + kv.first + "'");
      return std::nullopt;
    }
    auto a = eval(*kv.second, env);
    if (!a)
      return std::nullopt;
    local[kv.first] = *a;
  }
  for (size_t i = k; i < params.size(); ++i) {
    if (local.count(params[i]))
      continue;
    if (!defaults[i]) {
      d.error(cand.where(e.loc), "the call of '" + c.what + "' does not give '" + params[i] +
                                     "'");
      return std::nullopt;
    }
    llvm::StringMap<PV> none;
    auto a = eval(*defaults[i], none);
    if (!a)
      return std::nullopt;
    local[params[i]] = *a;
  }

  ++inlineDepth;
  std::optional<PV> result;
  if (c.lambda) {
    result = eval(*c.lambda->args[0], local);
  } else {
    std::vector<PV> unusedOutputs;
    bool returned = false;
    PV ret;
    ret.kind = PV::None;
    ret.loc = e.loc.offset;
    if (execBlock(c.def->body, local, unusedOutputs, returned, &ret))
      result = ret;
  }
  --inlineDepth;
  return result;
}

bool Importer::bindExtKeywords(const py::Expr &e, const PV &fn, std::vector<PV> &args,
                               llvm::StringMap<PV> &env) {
  const ExtUnit &x = exts[fn.ext];
  auto it = x.pyArgs.find(fn.name);
  if (it == x.pyArgs.end()) {
    if (!e.kwargs.empty()) {
      d.error(cand.where(e.loc), "keyword arguments to extension functions are understood "
                                 "only with PYBIND11_MODULE's py::arg(\"name\") names");
      return false;
    }
    return true;
  }
  const std::vector<ExtUnit::PyArg> &names = it->second;
  if (args.size() > names.size()) {
    d.error(cand.where(e.loc), "'" + fn.name + "' takes " + std::to_string(names.size()) +
                                   " arguments (py::arg), the call passes " +
                                   std::to_string(args.size()));
    return false;
  }
  std::vector<std::optional<PV>> placed(names.size());
  for (size_t i = 0; i < args.size(); ++i)
    placed[i] = args[i];
  for (const auto &kv : e.kwargs) {
    size_t k = 0;
    while (k < names.size() && names[k].name != kv.first)
      ++k;
    if (k == names.size() || !kv.second) {
      d.error(cand.where(kv.second ? kv.second->loc : e.loc),
              "'" + fn.name + "' has no py::arg named '" + kv.first + "'");
      return false;
    }
    if (placed[k]) {
      d.error(cand.where(kv.second->loc), "'" + kv.first + "' of '" + fn.name +
                                              "' is given twice");
      return false;
    }
    auto v = eval(*kv.second, env);
    if (!v)
      return false;
    placed[k] = *v;
  }
  args.clear();
  for (size_t k = 0; k < names.size(); ++k) {
    if (placed[k]) {
      args.push_back(*placed[k]);
      continue;
    }
    if (!names[k].hasDefault) {
      d.error(cand.where(e.loc), "the call of '" + fn.name + "' does not give '" +
                                     names[k].name + "'");
      return false;
    }
    // A default: a number (`1e-5`, `-1`, `0.5f`, `true`).
    StringRef t = names[k].dflt;
    bool neg = t.consume_front("-");
    double num = 0;
    long long ival = 0;
    PV v;
    v.kind = PV::Num;
    v.loc = e.loc.offset;
    if (t == "true" || t == "false") {
      v.s = lit(t == "true" ? 1 : 0);
    } else if (!t.getAsInteger(0, ival)) {
      v.s = lit(neg ? -ival : ival);
    } else if (t.consume_back("f"), !t.getAsDouble(num)) {
      v.s = flit(neg ? -num : num);
    } else {
      d.error(cand.where(e.loc), "the default of '" + names[k].name + "' of '" + fn.name +
                                     "' is not a number (" + names[k].dflt + ")");
      return false;
    }
    args.push_back(v);
  }
  return true;
}
