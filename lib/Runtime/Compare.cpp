//===- Compare.cpp - element-wise comparison against a reference ----------===//
#include "kfix/Runtime/Compare.h"

#include "kfix/Runtime/Inputs.h"

#include <cmath>
#include <cstring>

using namespace kfix;

bool kfix::elementMatches(double got, double want, Tolerance tol) {
  if (std::isnan(want) || std::isnan(got))
    return std::isnan(want) && std::isnan(got);
  if (std::isinf(want) || std::isinf(got))
    return got == want;
  return std::fabs(got - want) <= tol.atol + tol.rtol * std::fabs(want);
}

std::vector<int64_t> kfix::unflattenIndex(int64_t linear, llvm::ArrayRef<int64_t> shape) {
  std::vector<int64_t> idx(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] == 0)
      break;
    idx[d] = linear % shape[d];
    linear /= shape[d];
  }
  return idx;
}

/// The comparison loop over element values `gv(i)`, `wv(i)` (as double).
/// Templated on the decoders so that f32 and f64 buffers, the common case,
/// are read inline (Buffer::get is a call and a dtype switch per element:
/// most of a 1M-element comparison's time).
template <typename GetGot, typename GetWant>
static void compareLoop(CompareStats &s, const Buffer &got, GetGot gv, GetWant wv, bool intCompare,
                        const Buffer &want, bool exact, Tolerance tol, size_t keepFirst,
                        bool keepMask) {
  for (int64_t i = 0; i < s.numel; ++i) {
    double g = gv(i), w = wv(i);
    bool ok;
    if (intCompare)
      ok = got.getInt(i) == want.getInt(i);
    else if (exact)
      ok = (std::isnan(g) && std::isnan(w)) || g == w;
    else
      ok = elementMatches(g, w, tol);
    bool finite = std::isfinite(g) && std::isfinite(w);
    if (finite) {
      double abs = std::fabs(g - w);
      if (abs > s.maxAbsErr || (s.maxAbsAt < 0 && !ok)) {
        s.maxAbsErr = abs;
        s.maxAbsAt = i;
      }
      if (w != 0)
        s.maxRelErr = std::max(s.maxRelErr, abs / std::fabs(w));
    }
    if (ok)
      continue;
    ++s.mismatches;
    if (!finite)
      ++s.nonFiniteMismatches;
    bool unwritten = isPoisoned(got, i);
    if (unwritten)
      ++s.unwritten;
    if (keepMask)
      s.mask[i] = true;
    if (s.first.size() < keepFirst) {
      Mismatch m;
      m.linear = i;
      m.index = unflattenIndex(i, got.shape);
      m.got = g;
      m.want = w;
      m.unwritten = unwritten;
      s.first.push_back(std::move(m));
    }
  }
}

template <typename T> static auto typedReader(const Buffer &b) {
  const uint8_t *base = b.data.data();
  return [base](int64_t i) {
    T v;
    std::memcpy(&v, base + static_cast<size_t>(i) * sizeof(T), sizeof(T));
    return static_cast<double>(v);
  };
}

CompareStats kfix::compareBuffers(const Buffer &got, const Buffer &want, Tolerance tol, bool exact,
                                  size_t keepFirst, bool keepMask) {
  CompareStats s;
  s.exact = exact;
  s.tol = tol;
  s.numel = std::min(got.numel(), want.numel());
  if (keepMask)
    s.mask.assign(s.numel, false);
  bool intCompare = exact && !isFloat(got.dtype) && !isFloat(want.dtype);
  auto generic = [](const Buffer &b) { return [&b](int64_t i) { return b.get(i); }; };
  if (got.dtype == DType::f32 && want.dtype == DType::f32)
    compareLoop(s, got, typedReader<float>(got), typedReader<float>(want), false, want, exact, tol,
                keepFirst, keepMask);
  else if (got.dtype == DType::f64 && want.dtype == DType::f64)
    compareLoop(s, got, typedReader<double>(got), typedReader<double>(want), false, want, exact,
                tol, keepFirst, keepMask);
  else
    compareLoop(s, got, generic(got), generic(want), intCompare, want, exact, tol, keepFirst,
                keepMask);
  return s;
}

int64_t kfix::countBitwiseDifferences(const Buffer &a, const Buffer &b) {
  size_t w = dtypeSize(a.dtype);
  int64_t n = std::min(a.numel(), b.numel()), diff = 0;
  for (int64_t i = 0; i < n; ++i)
    diff += std::memcmp(a.data.data() + i * w, b.data.data() + i * w, w) != 0;
  return diff;
}

llvm::json::Value kfix::jsonNumber(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  return v;
}

llvm::json::Value kfix::toJSON(const CompareStats &s) {
  llvm::json::Array first;
  for (const Mismatch &m : s.first) {
    llvm::json::Array idx;
    for (int64_t i : m.index)
      idx.push_back(i);
    first.push_back(llvm::json::Object{{"index", std::move(idx)},
                                       {"linear", m.linear},
                                       {"got", jsonNumber(m.got)},
                                       {"want", jsonNumber(m.want)},
                                       {"unwritten", m.unwritten}});
  }
  return llvm::json::Object{{"numel", s.numel},
                            {"mismatches", s.mismatches},
                            {"non_finite_mismatches", s.nonFiniteMismatches},
                            {"unwritten", s.unwritten},
                            {"max_abs_err", jsonNumber(s.maxAbsErr)},
                            {"max_rel_err", jsonNumber(s.maxRelErr)},
                            {"max_abs_at", s.maxAbsAt},
                            {"exact", s.exact},
                            {"atol", s.tol.atol},
                            {"rtol", s.tol.rtol},
                            {"first_mismatches", std::move(first)}};
}
