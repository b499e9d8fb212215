//===- Manifest.cpp - task manifests (kfix_task 1) -------------------------===//
//
// The manifest's model: roles, parameter lookups, launch evaluation, size
// constraints and parameter resolution. Parsing and checking a manifest's
// JSON: ManifestParse.cpp.
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

std::optional<Role> kfix::parseRole(StringRef name) {
  return llvm::StringSwitch<std::optional<Role>>(name)
      .Case("input", Role::input)
      .Case("output", Role::output)
      .Case("inout", Role::inout)
      .Case("scratch", Role::scratch)
      .Case("scalar", Role::scalar)
      .Default(std::nullopt);
}

StringRef kfix::roleName(Role r) {
  switch (r) {
  case Role::input:
    return "input";
  case Role::output:
    return "output";
  case Role::inout:
    return "inout";
  case Role::scratch:
    return "scratch";
  case Role::scalar:
    return "scalar";
  }
  return "?";
}

const ParamSpec *TaskManifest::findParam(StringRef name) const {
  int i = paramIndex(name);
  return i < 0 ? nullptr : &params[i];
}

int TaskManifest::paramIndex(StringRef name) const {
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].name == name)
      return static_cast<int>(i);
  return -1;
}

Tolerance TaskManifest::toleranceFor(const ParamSpec &p, bool &exact) const {
  auto it = perParam.find(p.name);
  if (it != perParam.end()) {
    exact = false;
    return it->second;
  }
  exact = !isFloat(p.dtype);
  return tolerance;
}

static std::vector<std::string> kernelsOf(const std::vector<KernelLaunch> &ls) {
  std::vector<std::string> out;
  for (const KernelLaunch &l : ls)
    if (std::find(out.begin(), out.end(), l.kernel) == out.end())
      out.push_back(l.kernel);
  return out;
}
std::vector<std::string> TaskManifest::candidateKernels() const { return kernelsOf(launches); }
std::vector<std::string> TaskManifest::referenceKernels() const {
  return kernelsOf(reference.launches);
}

llvm::Expected<LaunchConfig> LaunchSpec::eval(const Bindings &b) const {
  LaunchConfig c;
  for (int d = 0; d < 3; ++d) {
    auto g = grid[d].evalInt(b);
    if (!g)
      return g.takeError();
    auto k = block[d].evalInt(b);
    if (!k)
      return k.takeError();
    c.grid[d] = *g;
    c.block[d] = *k;
  }
  auto s = sharedBytes.evalInt(b);
  if (!s)
    return s.takeError();
  c.sharedBytes = *s;
  return c;
}

llvm::Expected<SizeConstraint> SizeConstraint::parse(StringRef text) {
  auto err = [&](const std::string &m) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s", m.c_str());
  };
  // The first comparison operator splits the two sides (expressions have none).
  static const std::pair<const char *, Op> ops[] = {{"<=", le}, {">=", ge}, {"==", eq},
                                                    {"!=", ne}, {"<", lt},  {">", gt}};
  size_t best = StringRef::npos;
  std::pair<const char *, Op> which = ops[0];
  for (auto &o : ops) {
    size_t at = text.find(o.first);
    if (at != StringRef::npos && (best == StringRef::npos || at < best ||
                                  (at == best && strlen(o.first) > strlen(which.first)))) {
      best = at;
      which = o;
    }
  }
  if (best == StringRef::npos)
    return err("'" + text.str() + "': expected a comparison (<=, <, >=, >, ==, !=)");
  SizeConstraint c;
  c.text = text.str();
  c.op = which.second;
  StringRef l = text.substr(0, best), r = text.substr(best + strlen(which.first));
  if (r.find_first_of("<>=!") != StringRef::npos)
    return err("'" + text.str() + "': one comparison per constraint");
  auto le = Expr::parse(l.trim());
  if (!le)
    return err("'" + text.str() + "': left side: " + llvm::toString(le.takeError()));
  auto re = Expr::parse(r.trim());
  if (!re)
    return err("'" + text.str() + "': right side: " + llvm::toString(re.takeError()));
  c.lhs = std::move(*le);
  c.rhs = std::move(*re);
  return c;
}

bool SizeConstraint::holds(const Bindings &b) const {
  auto l = lhs.eval(b), r = rhs.eval(b);
  if (!l || !r) {
    if (!l)
      llvm::consumeError(l.takeError());
    if (!r)
      llvm::consumeError(r.takeError());
    return false;
  }
  double x = l->asDouble(), y = r->asDouble();
  switch (op) {
  case lt:
    return x < y;
  case le:
    return x <= y;
  case gt:
    return x > y;
  case ge:
    return x >= y;
  case eq:
    return x == y;
  case ne:
    return x != y;
  }
  return false;
}

/// C conversion of a scalar to a dtype (floats rounded to the dtype's precision).
static Scalar convertScalar(Scalar v, DType t) {
  Buffer one(t, {1});
  if (!v.isFloat && !isFloat(t))
    one.setInt(0, v.i);
  else
    one.set(0, v.asDouble());
  if (isFloat(t))
    return Scalar::ofFloat(one.get(0));
  return Scalar::ofInt(one.getInt(0));
}

llvm::Expected<std::vector<ResolvedParam>> kfix::resolveParams(const TaskManifest &task,
                                                               const Bindings &b) {
  std::vector<ResolvedParam> out(task.params.size());
  for (size_t i = 0; i < task.params.size(); ++i) {
    const ParamSpec &p = task.params[i];
    auto wrap = [&](llvm::Error e) {
      return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: params[%zu] '%s': %s",
                                     task.path.c_str(), i, p.name.c_str(),
                                     llvm::toString(std::move(e)).c_str());
    };
    if (p.role == Role::scalar) {
      auto v = p.value.eval(b);
      if (!v)
        return wrap(v.takeError());
      out[i].value = convertScalar(*v, p.dtype);
      continue;
    }
    for (const Expr &d : p.shape) {
      auto v = d.evalInt(b);
      if (!v)
        return wrap(v.takeError());
      if (*v < 0)
        return wrap(llvm::createStringError(llvm::inconvertibleErrorCode(),
                                            "negative dimension %lld", (long long)*v));
      out[i].shape.push_back(*v);
    }
  }
  return out;
}
