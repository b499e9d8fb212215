//===- Transforms.cpp - input transforms and output epilogues -------------===//
#include "kfix/Runtime/Transforms.h"

#include "kfix/Runtime/Inputs.h"
#include "kfix/Runtime/Validate.h"

#include "llvm/ADT/StringSwitch.h"
#include <algorithm>
#include <cmath>

using namespace kfix;
using llvm::StringRef;
namespace json = llvm::json;

static const char *const kOpNames[] = {"softmax", "log_softmax", "normalize", "triu", "tril",
                                       "abs",     "neg",         "exp",       "log",  "sigmoid",
                                       "tanh",    "relu",        "clamp",     "mul",  "add"};

std::optional<InputTransform::Op> kfix::parseTransformOp(StringRef name) {
  for (size_t i = 0; i < std::size(kOpNames); ++i)
    if (name == kOpNames[i])
      return static_cast<InputTransform::Op>(i);
  return std::nullopt;
}

StringRef kfix::transformOpName(InputTransform::Op op) { return kOpNames[op]; }

std::string kfix::transformOpList() {
  std::string s;
  for (const char *n : kOpNames)
    s += (s.empty() ? "" : ", ") + std::string(n);
  return s;
}

static bool usesDim(InputTransform::Op op) {
  return op == InputTransform::softmax || op == InputTransform::log_softmax ||
         op == InputTransform::normalize;
}
static bool usesDiagonal(InputTransform::Op op) {
  return op == InputTransform::triu || op == InputTransform::tril;
}
/// Ops whose result on integers is an integer (the others need a float dtype).
static bool integerSafe(InputTransform::Op op) {
  return op == InputTransform::triu || op == InputTransform::tril || op == InputTransform::abs ||
         op == InputTransform::neg || op == InputTransform::relu || op == InputTransform::clamp ||
         op == InputTransform::mul || op == InputTransform::add;
}

bool kfix::parseTransform(const json::Object &o, InputTransform &out, std::string &field,
                          std::string &msg, std::vector<std::string> &unknown) {
  const json::Value *opv = o.get("op");
  if (!opv) {
    field = "op";
    msg = "missing required field";
    return false;
  }
  auto opName = opv->getAsString();
  if (!opName) {
    field = "op";
    msg = "expected a string";
    return false;
  }
  auto op = parseTransformOp(*opName);
  if (!op) {
    field = "op";
    msg = "unknown transform '" + opName->str() + "' (expected " + transformOpList() + ")";
    return false;
  }
  out = InputTransform();
  out.op = *op;
  std::vector<StringRef> known = {"op"};
  auto integer = [&](StringRef key, int64_t &v) {
    known.push_back(key);
    const json::Value *x = o.get(key);
    if (!x)
      return true;
    auto i = x->getAsInteger();
    if (!i) {
      field = key.str();
      msg = "expected an integer";
      return false;
    }
    v = *i;
    return true;
  };
  auto number = [&](StringRef key, std::optional<double> &v, bool required) {
    known.push_back(key);
    const json::Value *x = o.get(key);
    if (!x) {
      if (required) {
        field = key.str();
        msg = "missing required field";
      }
      return !required;
    }
    auto d = x->getAsNumber();
    if (!d || !std::isfinite(*d)) {
      field = key.str();
      msg = "expected a finite number";
      return false;
    }
    v = *d;
    return true;
  };
  bool ok = true;
  if (usesDim(out.op))
    ok = integer("dim", out.dim);
  if (ok && usesDiagonal(out.op))
    ok = integer("diagonal", out.diagonal);
  if (ok && out.op == InputTransform::normalize) {
    std::optional<double> p, eps;
    ok = number("p", p, false) && number("eps", eps, false);
    if (ok && p)
      out.p = *p;
    if (ok && eps)
      out.eps = *eps;
    if (ok && !(out.p >= 1)) {
      field = "p";
      msg = "must be >= 1";
      return false;
    }
    if (ok && !(out.eps >= 0)) {
      field = "eps";
      msg = "must be >= 0";
      return false;
    }
  }
  if (ok && out.op == InputTransform::clamp) {
    ok = number("min", out.min, false) && number("max", out.max, false);
    if (ok && !out.min && !out.max) {
      field = "";
      msg = "clamp needs 'min', 'max' or both";
      return false;
    }
  }
  if (ok && (out.op == InputTransform::mul || out.op == InputTransform::add)) {
    std::optional<double> v;
    ok = number("value", v, true);
    if (ok)
      out.value = *v;
  }
  if (!ok)
    return false;
  for (const auto &kv : o)
    if (std::find(known.begin(), known.end(), StringRef(kv.first)) == known.end())
      unknown.push_back(kv.first.str());
  return true;
}

std::string kfix::checkTransform(const InputTransform &t, DType dt, size_t rank) {
  std::string name = transformOpName(t.op).str();
  if (!isFloat(dt) && !integerSafe(t.op))
    return "'" + name + "' needs a float parameter (this one is " + dtypeName(dt).str() + ")";
  if (dt == DType::boolean && !usesDiagonal(t.op))
    return "'" + name + "' does not apply to a bool parameter";
  if (!isFloat(dt) && t.op == InputTransform::clamp &&
      ((t.min && *t.min != std::trunc(*t.min)) || (t.max && *t.max != std::trunc(*t.max))))
    return "clamp bounds of an integer parameter must be integers";
  if (!isFloat(dt) && (t.op == InputTransform::mul || t.op == InputTransform::add) &&
      t.value != std::trunc(t.value))
    return "'" + name + "' of an integer parameter needs an integer value";
  int64_t r = static_cast<int64_t>(rank);
  if (usesDim(t.op) && (r == 0 || t.dim < -r || t.dim >= r))
    return "dim " + std::to_string(t.dim) + " is out of range for a parameter of rank " +
           std::to_string(rank);
  if (usesDiagonal(t.op) && rank < 2)
    return "'" + name + "' needs a parameter of rank 2 or more (this one has rank " +
           std::to_string(rank) + ")";
  return "";
}

json::Value kfix::toJSON(const InputTransform &t) {
  json::Object o{{"op", transformOpName(t.op)}};
  if (usesDim(t.op))
    o["dim"] = t.dim;
  if (usesDiagonal(t.op))
    o["diagonal"] = t.diagonal;
  if (t.op == InputTransform::normalize) {
    o["p"] = t.p;
    o["eps"] = t.eps;
  }
  if (t.min)
    o["min"] = *t.min;
  if (t.max)
    o["max"] = *t.max;
  if (t.op == InputTransform::mul || t.op == InputTransform::add)
    o["value"] = t.value;
  return o;
}

/// Calls f(base, stride, len) for every 1-d slice of `shape` along `dim`.
template <typename F> static void forEachSlice(llvm::ArrayRef<int64_t> shape, int64_t dim, F f) {
  int64_t r = static_cast<int64_t>(shape.size());
  int64_t d = dim < 0 ? dim + r : dim;
  int64_t outer = 1, inner = 1, len = shape[d];
  for (int64_t k = 0; k < d; ++k)
    outer *= shape[k];
  for (int64_t k = d + 1; k < r; ++k)
    inner *= shape[k];
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i)
      f(o * len * inner + i, inner, len);
}

static void applyOne(std::vector<double> &v, llvm::ArrayRef<int64_t> shape,
                     const InputTransform &t) {
  switch (t.op) {
  case InputTransform::softmax:
  case InputTransform::log_softmax: {
    bool logs = t.op == InputTransform::log_softmax;
    forEachSlice(shape, t.dim, [&](int64_t base, int64_t stride, int64_t len) {
      if (len == 0)
        return;
      double m = -INFINITY;
      for (int64_t j = 0; j < len; ++j)
        m = std::max(m, v[base + j * stride]);
      double s = 0;
      for (int64_t j = 0; j < len; ++j)
        s += std::exp(v[base + j * stride] - m);
      double ls = std::log(s);
      for (int64_t j = 0; j < len; ++j) {
        double &x = v[base + j * stride];
        x = logs ? x - m - ls : std::exp(x - m) / s;
      }
    });
    return;
  }
  case InputTransform::normalize:
    forEachSlice(shape, t.dim, [&](int64_t base, int64_t stride, int64_t len) {
      double acc = 0;
      for (int64_t j = 0; j < len; ++j) {
        double a = std::fabs(v[base + j * stride]);
        acc += t.p == 2 ? a * a : t.p == 1 ? a : std::pow(a, t.p);
      }
      double n = t.p == 2 ? std::sqrt(acc) : t.p == 1 ? acc : std::pow(acc, 1 / t.p);
      double den = std::max(n, t.eps);
      for (int64_t j = 0; j < len; ++j)
        v[base + j * stride] /= den;
    });
    return;
  case InputTransform::triu:
  case InputTransform::tril: {
    size_t r = shape.size();
    int64_t rows = shape[r - 2], cols = shape[r - 1];
    int64_t mat = rows * cols;
    if (mat == 0)
      return;
    for (size_t i = 0; i < v.size(); ++i) {
      int64_t e = static_cast<int64_t>(i) % mat;
      int64_t d = e % cols - e / cols; // column - row
      bool keep = t.op == InputTransform::triu ? d >= t.diagonal : d <= t.diagonal;
      if (!keep)
        v[i] = 0;
    }
    return;
  }
  default:
    break;
  }
  for (double &x : v) {
    switch (t.op) {
    case InputTransform::abs:
      x = std::fabs(x);
      break;
    case InputTransform::neg:
      x = -x;
      break;
    case InputTransform::exp:
      x = std::exp(x);
      break;
    case InputTransform::log:
      x = std::log(x);
      break;
    case InputTransform::sigmoid:
      x = 1 / (1 + std::exp(-x));
      break;
    case InputTransform::tanh:
      x = std::tanh(x);
      break;
    case InputTransform::relu:
      x = x > 0 ? x : 0;
      break;
    case InputTransform::clamp:
      if (t.min)
        x = std::max(x, *t.min);
      if (t.max)
        x = std::min(x, *t.max);
      break;
    case InputTransform::mul:
      x *= t.value;
      break;
    case InputTransform::add:
      x += t.value;
      break;
    default:
      break;
    }
  }
}

void kfix::applyTransforms(std::vector<double> &values, llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<InputTransform> ts) {
  for (const InputTransform &t : ts)
    applyOne(values, shape, t);
}

//===----------------------------------------------------------------------===//
// Epilogues
//===----------------------------------------------------------------------===//

std::optional<EpilogueOp::Kind> kfix::parseEpilogueKind(StringRef name) {
  return llvm::StringSwitch<std::optional<EpilogueOp::Kind>>(name)
      .Case("div", EpilogueOp::div)
      .Case("mul", EpilogueOp::mul)
      .Case("add", EpilogueOp::add)
      .Case("sub", EpilogueOp::sub)
      .Default(std::nullopt);
}

StringRef kfix::epilogueKindName(EpilogueOp::Kind k) {
  switch (k) {
  case EpilogueOp::div:
    return "div";
  case EpilogueOp::mul:
    return "mul";
  case EpilogueOp::add:
    return "add";
  case EpilogueOp::sub:
    return "sub";
  }
  return "?";
}

template <typename T> static T applyOp(EpilogueOp::Kind k, T x, T v) {
  switch (k) {
  case EpilogueOp::div:
    return x / v;
  case EpilogueOp::mul:
    return x * v;
  case EpilogueOp::add:
    return x + v;
  case EpilogueOp::sub:
    return x - v;
  }
  return x;
}

llvm::Error kfix::applyEpilogue(Buffer &buf, llvm::ArrayRef<EpilogueOp> ops, const Bindings &b) {
  if (ops.empty())
    return llvm::Error::success();
  if (!isFloat(buf.dtype))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "an epilogue needs a float output");
  std::vector<double> values;
  for (const EpilogueOp &op : ops) {
    auto v = op.value.eval(b);
    if (!v)
      return v.takeError();
    values.push_back(v->asDouble());
  }
  bool wide = buf.dtype == DType::f64;
  for (int64_t i = 0, n = buf.numel(); i < n; ++i) {
    if (isPoisoned(buf, i))
      continue;
    if (wide) {
      double x = buf.get(i);
      for (size_t k = 0; k < ops.size(); ++k)
        x = applyOp<double>(ops[k].kind, x, values[k]);
      buf.set(i, x);
    } else {
      // torch computes float32, half and bfloat16 tensors with a number in
      // float and rounds the result to the dtype at each op.
      float x = static_cast<float>(buf.get(i));
      for (size_t k = 0; k < ops.size(); ++k) {
        x = applyOp<float>(ops[k].kind, x, static_cast<float>(values[k]));
        if (k + 1 < ops.size() && buf.dtype != DType::f32) {
          buf.set(i, x);
          x = static_cast<float>(buf.get(i));
        }
      }
      buf.set(i, x);
    }
  }
  return llvm::Error::success();
}

llvm::Error kfix::applyEpilogues(const TaskManifest &task, const Bindings &b,
                                 std::vector<Buffer> &bufs) {
  for (size_t i = 0; i < task.params.size() && i < bufs.size(); ++i)
    if (!task.params[i].epilogue.empty())
      if (llvm::Error e = applyEpilogue(bufs[i], task.params[i].epilogue, b))
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(), "params[%zu] '%s': epilogue: %s", i,
            task.params[i].name.c_str(), llvm::toString(std::move(e)).c_str());
  return llvm::Error::success();
}
