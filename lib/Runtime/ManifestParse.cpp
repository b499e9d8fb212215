//===- ManifestParse.cpp - reading a task manifest (kfix_task 1) ----------===//
//
// parseManifest and loadManifest: the JSON walked field by field with a path
// for each message (the first error wins), the expressions' bindings and the
// referenced files checked. The model itself: Manifest.cpp.
//
//===----------------------------------------------------------------------===//
#include "kfix/Runtime/Manifest.h"
#include "kfix/Support/BoundedJSON.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <cmath>
#include <cstring>

using namespace kfix;
using llvm::StringRef;
namespace json = llvm::json;
namespace {
/// Walks the JSON with a field path for messages; the first error wins.
class Checker {
public:
  Checker(StringRef display, StringRef dir, bool checkFiles)
      : display(display), dir(dir), checkFiles(checkFiles) {}

  std::string error;
  std::vector<std::string> warnings;
  /// (expression, field) of every expression, for the binding checks.
  std::vector<std::pair<const Expr *, std::string>> exprs;

  bool fail(const std::string &field, const llvm::Twine &msg) {
    if (error.empty())
      error = (display + ": " + (field.empty() ? "" : field + ": ") + msg).str();
    return false;
  }

  void warnUnknown(const json::Object &o, const std::string &field,
                   std::initializer_list<StringRef> known) {
    for (const auto &kv : o) {
      StringRef k = kv.first;
      if (std::find(known.begin(), known.end(), k) == known.end())
        warnings.push_back(
            (display + ": " + (field.empty() ? "" : field + ".") + k + ": unknown field (ignored)")
                .str());
    }
  }

  static std::string sub(const std::string &field, StringRef key) {
    return field.empty() ? key.str() : field + "." + key.str();
  }
  static std::string idx(const std::string &field, size_t i) {
    return field + "[" + std::to_string(i) + "]";
  }

  const json::Object *object(const json::Value *v, const std::string &field) {
    if (!v) {
      fail(field, "missing required field");
      return nullptr;
    }
    const json::Object *o = v->getAsObject();
    if (!o)
      fail(field, "expected an object");
    return o;
  }
  const json::Array *array(const json::Value *v, const std::string &field) {
    if (!v) {
      fail(field, "missing required field");
      return nullptr;
    }
    const json::Array *a = v->getAsArray();
    if (!a)
      fail(field, "expected a list");
    return a;
  }
  bool string(const json::Object &o, StringRef key, const std::string &field, std::string &out,
              bool required = true) {
    const json::Value *v = o.get(key);
    if (!v)
      return required ? fail(sub(field, key), "missing required field") : true;
    auto s = v->getAsString();
    if (!s)
      return fail(sub(field, key), "expected a string");
    out = s->str();
    return true;
  }
  bool number(const json::Object &o, StringRef key, const std::string &field, double &out,
              bool required) {
    const json::Value *v = o.get(key);
    if (!v)
      return required ? fail(sub(field, key), "missing required field") : true;
    auto d = v->getAsNumber();
    if (!d)
      return fail(sub(field, key), "expected a number");
    out = *d;
    return true;
  }
  bool expr(const json::Value &v, const std::string &field, Expr &out) {
    auto e = Expr::fromJSON(v);
    if (!e)
      return fail(field, llvm::toString(e.takeError()));
    out = std::move(*e);
    return true;
  }
  std::string path(StringRef rel) const {
    llvm::SmallString<256> p(rel);
    if (!llvm::sys::path::is_absolute(p))
      p = (llvm::Twine(dir) + "/" + rel).str();
    llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
    return std::string(p);
  }
  bool file(StringRef rel, const std::string &field, std::string &out) {
    if (rel.empty())
      return fail(field, "empty path");
    out = path(rel);
    if (checkFiles && !llvm::sys::fs::is_regular_file(out))
      return fail(field, "no such file '" + rel + "' (looked for " + out + ")");
    return true;
  }

  bool launch(const json::Value *v, const std::string &field, LaunchSpec &out) {
    const json::Object *o = object(v, field);
    if (!o)
      return false;
    warnUnknown(*o, field, {"grid", "block", "shared_bytes"});
    for (StringRef which : {"grid", "block"}) {
      std::string f = sub(field, which);
      const json::Array *a = array(o->get(which), f);
      if (!a)
        return false;
      if (a->empty() || a->size() > 3)
        return fail(f, "expected 1 to 3 dimensions, found " + llvm::Twine(a->size()));
      std::array<Expr, 3> &dims = which == "grid" ? out.grid : out.block;
      for (size_t d = 0; d < 3; ++d) {
        if (d >= a->size()) {
          dims[d] = Expr::constant(Scalar::ofInt(1));
          continue;
        }
        if (!expr((*a)[d], idx(f, d), dims[d]))
          return false;
        exprs.push_back({&dims[d], idx(f, d)});
      }
    }
    out.sharedBytes = Expr::constant(Scalar::ofInt(0));
    if (const json::Value *s = o->get("shared_bytes")) {
      if (!expr(*s, sub(field, "shared_bytes"), out.sharedBytes))
        return false;
      exprs.push_back({&out.sharedBytes, sub(field, "shared_bytes")});
    }
    return true;
  }

  bool kernelLaunch(const json::Value &v, const std::string &field, const TaskManifest &t,
                    KernelLaunch &out) {
    const json::Object *o = object(&v, field);
    if (!o)
      return false;
    warnUnknown(*o, field, {"kernel", "params", "launch"});
    if (!string(*o, "kernel", field, out.kernel))
      return false;
    if (!paramList(o->get("params"), sub(field, "params"), t, out.params))
      return false;
    return launch(o->get("launch"), sub(field, "launch"), out.launch);
  }

  bool paramList(const json::Value *v, const std::string &field, const TaskManifest &t,
                 std::vector<std::string> &out) {
    const json::Array *a = array(v, field);
    if (!a)
      return false;
    for (size_t i = 0; i < a->size(); ++i) {
      auto s = (*a)[i].getAsString();
      if (!s)
        return fail(idx(field, i), "expected a parameter name");
      if (!t.findParam(*s))
        return fail(idx(field, i), "no task parameter named '" + *s + "'");
      out.push_back(s->str());
    }
    return true;
  }

  std::string display;

private:
  std::string dir;
  bool checkFiles;
};
} // namespace

static bool isIdentifier(StringRef s) {
  if (s.empty() || !(llvm::isAlpha(s[0]) || s[0] == '_'))
    return false;
  return llvm::all_of(s, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// `"epilogue": [{"op": "div", "value": EXPR}, ...]` of an output or inout param.
static bool parseEpilogue(Checker &c, const json::Value &v, const std::string &f, ParamSpec &p) {
  const json::Array *a = c.array(&v, f);
  if (!a)
    return false;
  if (!p.isChecked())
    return c.fail(f, "only output and inout parameters have an epilogue");
  if (!isFloat(p.dtype))
    return c.fail(f,
                  "an epilogue needs a float parameter (this one is " + dtypeName(p.dtype) + ")");
  p.epilogue.resize(a->size()); // sized once: c.exprs points into it
  for (size_t k = 0; k < a->size(); ++k) {
    std::string fk = Checker::idx(f, k);
    const json::Object *o = c.object(&(*a)[k], fk);
    if (!o)
      return false;
    c.warnUnknown(*o, fk, {"op", "value"});
    std::string op;
    if (!c.string(*o, "op", fk, op))
      return false;
    auto kind = parseEpilogueKind(op);
    if (!kind)
      return c.fail(fk + ".op", "unknown epilogue op '" + op + "' (expected div, mul, add or sub)");
    p.epilogue[k].kind = *kind;
    const json::Value *val = o->get("value");
    if (!val)
      return c.fail(fk + ".value", "missing required field");
    if (!c.expr(*val, fk + ".value", p.epilogue[k].value))
      return false;
    c.exprs.push_back({&p.epilogue[k].value, fk + ".value"});
  }
  return true;
}

/// `"transform": [{"op": "softmax", "dim": -1}, ...]` of an input.
static bool parseTransforms(Checker &c, const json::Object &o, const std::string &f,
                            const ParamSpec &p, InputSpec &s) {
  const json::Value *v = o.get("transform");
  if (!v)
    return true;
  std::string ft = f + ".transform";
  const json::Array *a = c.array(v, ft);
  if (!a)
    return false;
  if (s.dist == InputSpec::file)
    return c.fail(ft, "a file input is used as it is (transforms apply to drawn values)");
  for (size_t k = 0; k < a->size(); ++k) {
    std::string fk = Checker::idx(ft, k);
    const json::Object *to = c.object(&(*a)[k], fk);
    if (!to)
      return false;
    InputTransform t;
    std::string field, msg;
    std::vector<std::string> unknown;
    if (!parseTransform(*to, t, field, msg, unknown))
      return c.fail(field.empty() ? fk : fk + "." + field, msg);
    for (const std::string &u : unknown)
      c.warnings.push_back(c.display + ": " + fk + "." + u + ": unknown field (ignored)");
    std::string why = checkTransform(t, p.dtype, p.shape.size());
    if (!why.empty())
      return c.fail(fk, why);
    s.transforms.push_back(t);
  }
  return true;
}

static bool parseParams(Checker &c, const json::Object &root, TaskManifest &t) {
  const json::Array *ps = c.array(root.get("params"), "params");
  if (!ps)
    return false;
  if (ps->empty())
    return c.fail("params", "expected at least one parameter");
  t.params.resize(ps->size());
  llvm::StringSet<> seen;
  for (size_t i = 0; i < ps->size(); ++i) {
    std::string f = Checker::idx("params", i);
    const json::Object *o = c.object(&(*ps)[i], f);
    if (!o)
      return false;
    c.warnUnknown(*o, f, {"name", "role", "dtype", "shape", "value", "epilogue"});
    ParamSpec &p = t.params[i];
    std::string role, dtype;
    if (!c.string(*o, "name", f, p.name) || !c.string(*o, "role", f, role) ||
        !c.string(*o, "dtype", f, dtype))
      return false;
    if (!isIdentifier(p.name))
      return c.fail(f + ".name", "'" + p.name + "' is not an identifier");
    if (!seen.insert(p.name).second)
      return c.fail(f + ".name", "duplicate parameter name '" + p.name + "'");
    auto r = parseRole(role);
    if (!r)
      return c.fail(f + ".role", "unknown role '" + role +
                                     "' (expected input, output, inout, scratch or scalar)");
    p.role = *r;
    auto d = parseDType(dtype);
    if (!d)
      return c.fail(f + ".dtype", "unknown dtype '" + dtype +
                                      "' (expected f64 f32 f16 bf16 i64 i32 i16 i8 u64 u32 "
                                      "u16 u8 bool)");
    p.dtype = *d;
    if (p.role == Role::scalar) {
      const json::Value *v = o->get("value");
      if (!v)
        return c.fail(f + ".value", "missing required field (scalars need a value)");
      if (!c.expr(*v, f + ".value", p.value))
        return false;
      c.exprs.push_back({&p.value, f + ".value"});
      if (o->get("shape"))
        return c.fail(f + ".shape", "a scalar has no shape");
      continue;
    }
    if (o->get("value"))
      return c.fail(f + ".value", "only scalars have a value");
    const json::Array *sh = c.array(o->get("shape"), f + ".shape");
    if (!sh)
      return false;
    p.shape.resize(sh->size());
    for (size_t d = 0; d < sh->size(); ++d) {
      std::string fd = Checker::idx(f + ".shape", d);
      if (!c.expr((*sh)[d], fd, p.shape[d]))
        return false;
      c.exprs.push_back({&p.shape[d], fd});
    }
    if (const json::Value *ep = o->get("epilogue"))
      if (!parseEpilogue(c, *ep, f + ".epilogue", p))
        return false;
  }
  if (llvm::none_of(t.params, [](const ParamSpec &p) { return p.isChecked(); }))
    return c.fail("params", "no output or inout parameter to check");
  return true;
}

static bool parseInputs(Checker &c, const json::Object &root, TaskManifest &t) {
  const json::Value *v = root.get("inputs");
  const json::Object *in = nullptr;
  if (v && !(in = c.object(v, "inputs")))
    return false;
  if (in) {
    for (const auto &kv : *in) {
      std::string f = "inputs." + kv.first.str();
      const ParamSpec *p = t.findParam(kv.first);
      // A scratch buffer may start at a constant (kfix extension: a wrapper's
      // `torch::zeros` accumulator); otherwise it is poisoned.
      bool scratch = p && p->role == Role::scratch;
      if (!p || !(p->isFilled() || scratch))
        return c.fail(f, "no input, inout or scratch parameter named '" + kv.first.str() + "'");
      const json::Object *o = c.object(&kv.second, f);
      if (!o)
        return false;
      InputSpec s;
      std::string dist = "normal";
      if (!c.string(*o, "dist", f, dist, /*required=*/false))
        return false;
      bool ok = true;
      if (dist == "normal") {
        s.dist = InputSpec::normal;
        s.a = 0;
        s.b = 1;
        c.warnUnknown(*o, f, {"dist", "mean", "std", "transform"});
        ok = c.number(*o, "mean", f, s.a, false) && c.number(*o, "std", f, s.b, false);
        if (ok && !(s.b >= 0))
          return c.fail(f + ".std", "must be >= 0");
      } else if (dist == "uniform" || dist == "randint") {
        s.dist = dist == "uniform" ? InputSpec::uniform : InputSpec::randint;
        s.a = 0;
        s.b = dist == "uniform" ? 1 : 100;
        c.warnUnknown(*o, f, {"dist", "low", "high", "transform"});
        ok = c.number(*o, "low", f, s.a, false) && c.number(*o, "high", f, s.b, false);
        if (ok && !(s.a < s.b))
          return c.fail(f, "low must be less than high");
        if (ok && s.dist == InputSpec::randint &&
            (s.a != std::trunc(s.a) || s.b != std::trunc(s.b) || std::fabs(s.a) > 9.0e15 ||
             std::fabs(s.b) > 9.0e15))
          return c.fail(f, "randint bounds must be integers");
      } else if (dist == "const") {
        s.dist = InputSpec::constant;
        c.warnUnknown(*o, f, {"dist", "value", "transform"});
        ok = c.number(*o, "value", f, s.a, true);
      } else if (dist == "arange") {
        s.dist = InputSpec::arange;
        c.warnUnknown(*o, f, {"dist", "transform"});
      } else if (dist == "file") {
        s.dist = InputSpec::file;
        c.warnUnknown(*o, f, {"dist", "path", "transform"});
        std::string rel;
        ok = c.string(*o, "path", f, rel) && c.file(rel, f + ".path", s.path);
      } else {
        return c.fail(f + ".dist", "unknown distribution '" + dist +
                                       "' (expected normal, uniform, randint, const, arange "
                                       "or file)");
      }
      if (ok && scratch && s.dist != InputSpec::constant)
        return c.fail(f + ".dist", "a scratch parameter can only start at a constant "
                                   "(dist \"const\")");
      if (!ok || !parseTransforms(c, *o, f, *p, s))
        return false;
      t.inputs[kv.first] = s;
    }
  }
  // Defaults: normal(0,1) for floats, randint(0,100) for integers, randint(0,2) for bool.
  for (const ParamSpec &p : t.params) {
    if (!p.isFilled() || t.inputs.count(p.name))
      continue;
    InputSpec s;
    if (!isFloat(p.dtype)) {
      s.dist = InputSpec::randint;
      s.a = 0;
      s.b = p.dtype == DType::boolean ? 2 : 100;
    }
    t.inputs[p.name] = s;
  }
  return true;
}

static bool parseTolerance(Checker &c, const json::Object &root, TaskManifest &t) {
  const json::Object *o = c.object(root.get("tolerance"), "tolerance");
  if (!o)
    return false;
  c.warnUnknown(*o, "tolerance", {"atol", "rtol", "per_param"});
  if (!c.number(*o, "atol", "tolerance", t.tolerance.atol, true) ||
      !c.number(*o, "rtol", "tolerance", t.tolerance.rtol, true))
    return false;
  if (!(t.tolerance.atol >= 0) || !(t.tolerance.rtol >= 0))
    return c.fail("tolerance", "atol and rtol must be >= 0");
  if (const json::Value *pp = o->get("per_param")) {
    const json::Object *po = c.object(pp, "tolerance.per_param");
    if (!po)
      return false;
    for (const auto &kv : *po) {
      std::string f = "tolerance.per_param." + kv.first.str();
      const ParamSpec *p = t.findParam(kv.first);
      if (!p || !p->isChecked())
        return c.fail(f, "no output or inout parameter named '" + kv.first.str() + "'");
      const json::Object *e = c.object(&kv.second, f);
      if (!e)
        return false;
      c.warnUnknown(*e, f, {"atol", "rtol"});
      Tolerance tol = t.tolerance;
      if (!c.number(*e, "atol", f, tol.atol, false) || !c.number(*e, "rtol", f, tol.rtol, false))
        return false;
      if (!(tol.atol >= 0) || !(tol.rtol >= 0))
        return c.fail(f, "atol and rtol must be >= 0");
      t.perParam[kv.first] = tol;
    }
  }
  return true;
}

static bool parseReference(Checker &c, const json::Object &root, TaskManifest &t) {
  const json::Object *o = c.object(root.get("reference"), "reference");
  if (!o)
    return false;
  std::string kind;
  if (!c.string(*o, "kind", "reference", kind))
    return false;
  ReferenceSpec &r = t.reference;
  if (kind == "command") {
    r.kind = ReferenceSpec::command;
    c.warnUnknown(*o, "reference", {"kind", "argv", "timeout_s"});
    const json::Array *a = c.array(o->get("argv"), "reference.argv");
    if (!a)
      return false;
    if (a->empty())
      return c.fail("reference.argv", "expected at least the program to run");
    for (size_t i = 0; i < a->size(); ++i) {
      auto s = (*a)[i].getAsString();
      if (!s)
        return c.fail(Checker::idx("reference.argv", i), "expected a string");
      r.argv.push_back(s->str());
    }
    if (!c.number(*o, "timeout_s", "reference", r.timeoutSeconds, false))
      return false;
    return true;
  }
  if (kind != "cuda")
    return c.fail("reference.kind",
                  "unknown reference kind '" + kind + "' (expected cuda or command)");
  r.kind = ReferenceSpec::cuda;
  c.warnUnknown(*o, "reference", {"kind", "source", "kernel", "params", "launch", "launches"});
  std::string src;
  if (!c.string(*o, "source", "reference", src) || !c.file(src, "reference.source", r.source))
    return false;
  if (const json::Value *ls = o->get("launches")) {
    const json::Array *a = c.array(ls, "reference.launches");
    if (!a)
      return false;
    if (a->empty())
      return c.fail("reference.launches", "expected at least one launch");
    r.launches.resize(a->size());
    for (size_t i = 0; i < a->size(); ++i)
      if (!c.kernelLaunch((*a)[i], Checker::idx("reference.launches", i), t, r.launches[i]))
        return false;
    return true;
  }
  // Filled in place: c.exprs points into it.
  KernelLaunch &l = r.launches.emplace_back();
  return c.string(*o, "kernel", "reference", l.kernel) &&
         c.paramList(o->get("params"), "reference.params", t, l.params) &&
         c.launch(o->get("launch"), "reference.launch", l.launch);
}

static bool parseConstraints(Checker &c, const json::Object &root, TaskManifest &t);

/// Every symbol bound in every size; every expression evaluates to something sane.
static bool checkSizes(Checker &c, const json::Object &root, TaskManifest &t) {
  const json::Array *a = c.array(root.get("sizes"), "sizes");
  if (!a)
    return false;
  if (a->empty())
    return c.fail("sizes", "expected at least one size binding");
  for (size_t i = 0; i < a->size(); ++i) {
    std::string f = Checker::idx("sizes", i);
    const json::Object *o = c.object(&(*a)[i], f);
    if (!o)
      return false;
    Bindings b;
    for (const auto &kv : *o) {
      if (!isIdentifier(kv.first))
        return c.fail(f, "'" + kv.first.str() + "' is not a symbol name");
      if (auto n = kv.second.getAsInteger())
        b[kv.first] = Scalar::ofInt(*n);
      else if (auto d = kv.second.getAsNumber())
        b[kv.first] = Scalar::ofFloat(*d);
      else
        return c.fail(f + "." + kv.first.str(), "expected a number");
    }
    for (auto &[e, field] : c.exprs)
      for (const std::string &s : e->symbols())
        if (!b.count(s))
          return c.fail(f, "symbol '" + s + "' (used in " + field + ") is not bound");
    t.sizes.push_back(std::move(b));
  }
  // Display order: as the expressions use the symbols (JSON objects are unordered),
  // then unused ones sorted.
  for (auto &[e, field] : c.exprs)
    for (const std::string &s : e->symbols())
      if (std::find(t.sizeNames.begin(), t.sizeNames.end(), s) == t.sizeNames.end())
        t.sizeNames.push_back(s);
  std::vector<std::string> rest;
  for (const Bindings &b : t.sizes)
    for (const auto &kv : b)
      if (std::find(t.sizeNames.begin(), t.sizeNames.end(), kv.first().str()) ==
              t.sizeNames.end() &&
          std::find(rest.begin(), rest.end(), kv.first().str()) == rest.end())
        rest.push_back(kv.first().str());
  std::sort(rest.begin(), rest.end());
  t.sizeNames.insert(t.sizeNames.end(), rest.begin(), rest.end());
  // Evaluate every expression under every binding.
  for (size_t i = 0; i < t.sizes.size(); ++i) {
    std::string at = " for sizes[" + std::to_string(i) + "]";
    for (auto &[e, field] : c.exprs) {
      auto v = e->eval(t.sizes[i]);
      if (!v)
        return c.fail(field, llvm::toString(v.takeError()) + at);
      bool isValue = StringRef(field).ends_with(".value");
      if (isValue)
        continue;
      if (v->isFloat)
        return c.fail(field,
                      "'" + e->text() + "' must be an integer, evaluates to " + v->str() + at);
      bool isShape = StringRef(field).contains(".shape[");
      bool isShared = StringRef(field).ends_with("shared_bytes");
      int64_t lo = (isShape || isShared) ? 0 : 1;
      if (v->i < lo)
        return c.fail(field, "'" + e->text() + "' evaluates to " + v->str() + at +
                                 " (must be >= " + std::to_string(lo) + ")");
      if (!isShape && !isShared && v->i > INT32_MAX)
        return c.fail(field, "'" + e->text() + "' evaluates to " + v->str() + at +
                                 " (too large for a launch dimension)");
    }
  }
  return true;
}

/// An epilogue never divides by zero at a task size.
static bool checkEpilogues(Checker &c, const TaskManifest &t) {
  for (size_t i = 0; i < t.params.size(); ++i)
    for (size_t k = 0; k < t.params[i].epilogue.size(); ++k) {
      const EpilogueOp &op = t.params[i].epilogue[k];
      if (op.kind != EpilogueOp::div)
        continue;
      for (size_t si = 0; si < t.sizes.size(); ++si) {
        auto v = op.value.eval(t.sizes[si]);
        if (v && v->asDouble() == 0)
          return c.fail("params[" + std::to_string(i) + "].epilogue[" + std::to_string(k) +
                            "].value",
                        "'" + op.value.text() + "' is 0 for sizes[" + std::to_string(si) +
                            "] (a division by zero)");
        if (!v)
          llvm::consumeError(v.takeError());
      }
    }
  return true;
}

llvm::Expected<TaskManifest> kfix::parseManifest(const json::Value &json, StringRef display,
                                                 StringRef dir, bool checkFiles) {
  Checker c(display, dir, checkFiles);
  auto failed = [&]() { return llvm::createStringError(llvm::inconvertibleErrorCode(), c.error); };
  TaskManifest t;
  t.path = display.str();
  t.dir = dir.str();
  const json::Object *root = c.object(&json, "");
  if (!root)
    return failed();
  c.warnUnknown(*root, "",
                {"kfix_task", "name", "source", "kernel", "params", "launch", "launches", "sizes",
                 "inputs", "reference", "tolerance", "seeds", "constraints",
                 // Metadata of NM-bench tasks (family, bug classes), read by `kfix bench`.
                 "kfix_bench", "description"});
  const json::Value *ver = root->get("kfix_task");
  if (!ver) {
    c.fail("kfix_task", "missing required field (this is not a kfix task manifest?)");
    return failed();
  }
  if (ver->getAsInteger() != std::optional<int64_t>(1)) {
    c.fail("kfix_task", "unsupported task format version (this kfix reads version 1)");
    return failed();
  }
  std::string src;
  if (!c.string(*root, "source", "", src) || !c.file(src, "source", t.source))
    return failed();
  if (!parseParams(c, *root, t))
    return failed();
  if (const json::Value *ls = root->get("launches")) {
    const json::Array *a = c.array(ls, "launches");
    if (!a)
      return failed();
    if (a->empty()) {
      c.fail("launches", "expected at least one launch");
      return failed();
    }
    if (root->get("launch")) {
      c.fail("launch", "give either 'launch' (with 'kernel') or 'launches', not both");
      return failed();
    }
    t.launches.resize(a->size());
    for (size_t i = 0; i < a->size(); ++i)
      if (!c.kernelLaunch((*a)[i], Checker::idx("launches", i), t, t.launches[i]))
        return failed();
    if (!c.string(*root, "kernel", "", t.kernel, /*required=*/false))
      return failed();
    if (t.kernel.empty())
      t.kernel = t.launches.front().kernel;
  } else {
    KernelLaunch &l = t.launches.emplace_back(); // in place: c.exprs points into it
    if (!c.string(*root, "kernel", "", t.kernel) ||
        !c.launch(root->get("launch"), "launch", l.launch))
      return failed();
    l.kernel = t.kernel;
    for (const ParamSpec &p : t.params)
      l.params.push_back(p.name);
  }
  if (!c.string(*root, "name", "", t.name, /*required=*/false))
    return failed();
  if (t.name.empty())
    t.name = t.kernel;
  if (!parseInputs(c, *root, t) || !parseReference(c, *root, t) || !parseTolerance(c, *root, t) ||
      !checkSizes(c, *root, t) || !checkEpilogues(c, t) || !parseConstraints(c, *root, t))
    return failed();
  if (const json::Value *s = root->get("seeds")) {
    auto n = s->getAsInteger();
    if (!n || *n < 1 || *n > 1000000) {
      c.fail("seeds", "expected a positive integer");
      return failed();
    }
    t.seeds = static_cast<unsigned>(*n);
  }
  t.warnings = std::move(c.warnings);
  return t;
}

/// `constraints`: strings "EXPR OP EXPR" over size symbols; every size binding
/// of the task must satisfy each.
static bool parseConstraints(Checker &c, const json::Object &root, TaskManifest &t) {
  const json::Value *v = root.get("constraints");
  if (!v)
    return true;
  const json::Array *a = c.array(v, "constraints");
  if (!a)
    return false;
  for (size_t i = 0; i < a->size(); ++i) {
    std::string f = Checker::idx("constraints", i);
    auto str = (*a)[i].getAsString();
    if (!str)
      return c.fail(f, "expected a string such as \"C <= 1024\"");
    auto sc = SizeConstraint::parse(*str);
    if (!sc)
      return c.fail(f, llvm::toString(sc.takeError()));
    for (const Expr *e : {&sc->lhs, &sc->rhs})
      for (const std::string &sym : e->symbols())
        for (size_t k = 0; k < t.sizes.size(); ++k)
          if (!t.sizes[k].count(sym))
            return c.fail(f,
                          "symbol '" + sym + "' is not bound in sizes[" + std::to_string(k) + "]");
    for (size_t k = 0; k < t.sizes.size(); ++k)
      if (!sc->holds(t.sizes[k]))
        return c.fail(Checker::idx("sizes", k), "does not satisfy constraint '" + sc->text + "'");
    t.constraints.push_back(std::move(*sc));
  }
  return true;
}

llvm::Expected<TaskManifest> kfix::parseManifestText(StringRef text, StringRef display,
                                                     StringRef dir, bool checkFiles) {
  auto json = parseBoundedJSON(text);
  if (!json) {
    std::string msg = llvm::toString(json.takeError());
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: invalid JSON: %s",
                                   display.str().c_str(), msg.c_str());
  }
  return parseManifest(*json, display, dir, checkFiles);
}

llvm::Expected<TaskManifest> kfix::loadManifest(StringRef path) {
  auto mb = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!mb)
    return llvm::createStringError(mb.getError(), "%s: cannot read: %s", path.str().c_str(),
                                   mb.getError().message().c_str());
  llvm::SmallString<256> dir(path);
  llvm::sys::fs::make_absolute(dir);
  llvm::sys::path::remove_filename(dir);
  llvm::sys::path::remove_dots(dir, true);
  if (dir.empty())
    dir = ".";
  return parseManifestText((*mb)->getBuffer(), path, dir);
}
