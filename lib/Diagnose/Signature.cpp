//===- Signature.cpp - classify how a candidate's outputs are wrong --------===//
//
// Hypotheses are tested from the most specific to the least: a hypothesis
// predicts a region of the output, and it explains a mismatch mask when every
// mismatch lies in the region and the region is dense with mismatches
// (kDense). Magnitude relations are fitted with medians on the mismatching
// elements and accepted when most of them (kInliers) fit.
//
//===----------------------------------------------------------------------===//
#include "kfix/Diagnose/Signature.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

using namespace kfix;
using namespace kfix::sig;

namespace {

constexpr double kDense = 0.9;
constexpr double kInliers = 0.9;
constexpr size_t kMaxListed = 16;

int64_t product(const std::vector<int64_t> &v) {
  int64_t p = 1;
  for (int64_t d : v)
    p *= std::max<int64_t>(d, 0);
  return p;
}

int64_t blockThreads(const std::array<int64_t, 3> &b) {
  if (b[0] <= 0)
    return 0;
  return b[0] * std::max<int64_t>(b[1], 1) * std::max<int64_t>(b[2], 1);
}

double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + mid, v.end());
  double hi = v[mid];
  if (v.size() % 2)
    return hi;
  double lo = *std::max_element(v.begin(), v.begin() + mid);
  return 0.5 * (lo + hi);
}

/// Periods worth trying: launch dimensions, warp and common tile sizes, the
/// row length; ascending, each in [2, n/2].
std::vector<int64_t> candidatePeriods(int64_t n, const std::vector<int64_t> &shape,
                                      const std::array<int64_t, 3> &block) {
  std::set<int64_t> ps = {4, 8, 16, 32, 64, 128, 256, 512, 1024};
  if (block[0] > 0)
    ps.insert(block[0]);
  if (int64_t b = blockThreads(block))
    ps.insert(b);
  if (shape.size() >= 2)
    ps.insert(shape.back());
  std::vector<int64_t> out;
  for (int64_t p : ps)
    if (p >= 2 && p <= n / 2)
      out.push_back(p);
  return out;
}

struct Prefix {
  std::vector<int64_t> sum; // sum[i] = mismatches in [0, i)
  explicit Prefix(const std::vector<uint8_t> &m) : sum(m.size() + 1, 0) {
    for (size_t i = 0; i < m.size(); ++i)
      sum[i + 1] = sum[i] + (m[i] != 0);
  }
  int64_t count(int64_t lo, int64_t hi) const { return hi > lo ? sum[hi] - sum[lo] : 0; }
  double density(int64_t lo, int64_t hi) const {
    return hi > lo ? double(count(lo, hi)) / double(hi - lo) : 0;
  }
};

void listFirst(std::vector<int64_t> &into, int64_t &count, int64_t value) {
  if (into.size() < kMaxListed)
    into.push_back(value);
  ++count;
}

} // namespace

SpatialPattern sig::classifySpatial(const std::vector<uint8_t> &mask,
                                    const std::vector<int64_t> &shapeIn,
                                    const std::array<int64_t, 3> &block) {
  SpatialPattern p;
  int64_t n = static_cast<int64_t>(mask.size());
  Prefix pre(mask);
  int64_t m = pre.count(0, n);
  if (m == 0)
    return p;
  std::vector<int64_t> shape = shapeIn;
  if (product(shape) != n)
    shape = {n};
  int64_t first = 0, last = n - 1;
  while (!mask[first])
    ++first;
  while (!mask[last])
    --last;
  int64_t B = blockThreads(block);
  if (double(m) >= kDense * double(n)) {
    p.kind = "everything";
    p.density = double(m) / double(n);
    return p;
  }
  // Tail: everything from k on (the last partial block when k is where it starts).
  if (first > 0 && pre.density(first, n) >= kDense) {
    p.kind = B > 0 && n % B != 0 && first >= (n / B) * B ? "last-partial-block" : "tail";
    p.k = first;
    p.period = B;
    p.density = pre.density(first, n);
    return p;
  }
  if (last < n - 1 && first == 0 && pre.density(0, last + 1) >= kDense) {
    p.kind = "head";
    p.k = last + 1;
    p.density = pre.density(0, last + 1);
    return p;
  }
  if (shape.size() >= 2) {
    int64_t C = shape.back(), R = n / C;
    std::vector<int64_t> rowCount(R, 0), colCount(C, 0);
    for (int64_t i = 0; i < n; ++i)
      if (mask[i]) {
        ++rowCount[i / C];
        ++colCount[i % C];
      }
    int64_t c0 = 0;
    while (c0 < C && colCount[c0] == 0)
      ++c0;
    if (c0 > 0 && double(m) >= kDense * double(R * (C - c0))) {
      p.kind = "column-tail";
      p.k = c0;
      p.period = block[0] > 0 ? block[0] : 0;
      p.density = double(m) / double(R * (C - c0));
      return p;
    }
    auto lines = [&](const std::vector<int64_t> &counts, int64_t lineLen, const char *kind) {
      int64_t with = 0;
      for (int64_t c : counts)
        with += c > 0;
      if (with * 2 > int64_t(counts.size()) || double(m) < kDense * double(with * lineLen))
        return false;
      p.kind = kind;
      p.density = double(m) / double(with * lineLen);
      for (size_t i = 0; i < counts.size(); ++i)
        if (counts[i])
          listFirst(p.which, p.whichCount, int64_t(i));
      return true;
    };
    if (lines(rowCount, C, "rows") || lines(colCount, R, "columns"))
      return p;
  }
  std::vector<int64_t> periods = candidatePeriods(n, shape, block);
  // Periodic: a few residues modulo P are bad everywhere.
  for (int64_t P : periods) {
    std::vector<int64_t> cnt(P, 0);
    for (int64_t i = 0; i < n; ++i)
      if (mask[i])
        ++cnt[i % P];
    int64_t residues = 0, covered = 0;
    for (int64_t r = 0; r < P; ++r)
      if (cnt[r]) {
        ++residues;
        covered += n / P + (r < n % P);
      }
    if (residues * 2 > P || double(m) < kDense * double(covered))
      continue;
    p.kind = "periodic";
    p.period = P;
    p.density = double(m) / double(covered);
    for (int64_t r = 0; r < P; ++r)
      if (cnt[r])
        listFirst(p.which, p.whichCount, r);
    return p;
  }
  // Blocks: some whole chunks of P are bad; the largest P that explains it.
  for (auto it = periods.rbegin(); it != periods.rend(); ++it) {
    int64_t P = *it, chunks = (n + P - 1) / P, with = 0, covered = 0;
    for (int64_t c = 0; c < chunks; ++c)
      if (pre.count(c * P, std::min(n, (c + 1) * P))) {
        ++with;
        covered += std::min(n, (c + 1) * P) - c * P;
      }
    if (with * 2 > chunks || double(m) < kDense * double(covered))
      continue;
    p.kind = "blocks";
    p.period = P;
    p.density = double(m) / double(covered);
    for (int64_t c = 0; c < chunks; ++c)
      if (pre.count(c * P, std::min(n, (c + 1) * P)))
        listFirst(p.which, p.whichCount, c);
    return p;
  }
  p.density = double(m) / double(n);
  // Far later than a random first mismatch would be (expected near n/m).
  if (first > 5 * (n / m)) {
    p.kind = "first-k-correct";
    p.k = first;
    return p;
  }
  p.kind = "scattered";
  return p;
}

namespace {

bool isMismatch(double c, double r, double atol, double rtol) {
  if (std::isnan(c) || std::isnan(r))
    return std::isnan(c) != std::isnan(r);
  if (std::isinf(c) || std::isinf(r))
    return c != r;
  return std::fabs(c - r) > atol + rtol * std::fabs(r);
}

double relError(double c, double r, double atol) {
  return std::fabs(c - r) / std::max(std::fabs(r), std::max(atol, 1e-30));
}

MagnitudeRelation classifyMagnitude(const OutputCase &oc, const std::vector<uint8_t> &mask,
                                    const std::vector<int64_t> &shape,
                                    const std::array<int64_t, 3> &block, double medianRel) {
  MagnitudeRelation rel;
  const auto &c = oc.candidate;
  const auto &r = oc.reference;
  int64_t n = static_cast<int64_t>(mask.size());
  std::vector<int64_t> idx;
  for (int64_t i = 0; i < n; ++i)
    if (mask[i] && std::isfinite(c[i]) && std::isfinite(r[i]))
      idx.push_back(i);
  if (idx.empty())
    return rel;
  double fitRtol = std::max(oc.rtol, 1e-3);
  auto tol = [&](double ref) { return oc.atol + fitRtol * std::fabs(ref); };
  auto inliers = [&](auto pred) {
    int64_t ok = 0;
    for (int64_t i : idx) {
      double want;
      if (pred(i, want) && std::fabs(c[i] - want) <= tol(want))
        ++ok;
    }
    return double(ok) / double(idx.size());
  };
  auto accept = [&](const char *kind, double frac) {
    if (frac < kInliers)
      return false;
    rel.kind = kind;
    rel.inlierFraction = frac;
    return true;
  };
  // A small exact factor (a mean computed as a sum's reciprocal: 1/511 of
  // the right value) is a factor, not zero: every element fits k * r.
  {
    std::vector<double> rs;
    for (int64_t i : idx)
      if (std::fabs(r[i]) > 1e-12)
        rs.push_back(c[i] / r[i]);
    double k = median(rs);
    if (!rs.empty() && std::fabs(k) > 1e-6 && std::fabs(k) < 0.1 &&
        inliers([&](int64_t i, double &w) {
          return w = k * r[i], std::fabs(c[i] - w) <= 1e-3 * std::fabs(w) + 1e-12;
        }) >= kInliers) {
      rel.kind = "factor";
      rel.inlierFraction = kInliers;
      rel.factor = k;
      return rel;
    }
  }
  if (accept("zero", inliers([&](int64_t, double &w) { return w = 0, true; })))
    return rel;
  // Right within a loose tolerance: the structured relations below would
  // only fit noise.
  if (accept("close", inliers([&](int64_t i, double &w) { return w = r[i], true; })))
    return rel;
  if (accept("sign-flip", inliers([&](int64_t i, double &w) { return w = -r[i], true; })))
    return rel;
  std::vector<double> ratios, diffs;
  for (int64_t i : idx) {
    if (std::fabs(r[i]) > 1e-12)
      ratios.push_back(c[i] / r[i]);
    diffs.push_back(c[i] - r[i]);
  }
  double k = median(ratios);
  if (!ratios.empty() && std::fabs(k - 1) > 1e-3 &&
      accept("factor", inliers([&](int64_t i, double &w) { return w = k * r[i], true; }))) {
    rel.factor = k;
    return rel;
  }
  std::set<int64_t> shifts = {1, 2, 32};
  if (block[0] > 0)
    shifts.insert(block[0]);
  if (int64_t b = blockThreads(block))
    shifts.insert(b);
  if (shape.size() >= 2)
    shifts.insert(shape.back());
  for (int64_t s0 : shifts)
    for (int64_t s : {s0, -s0}) {
      if (std::abs(s) >= n)
        continue;
      double frac = inliers([&](int64_t i, double &w) {
        if (i + s < 0 || i + s >= n)
          return false;
        w = r[i + s];
        return true;
      });
      if (accept("shifted", frac)) {
        rel.shift = s;
        return rel;
      }
    }
  double d = median(diffs);
  if (accept("offset", inliers([&](int64_t i, double &w) { return w = r[i] + d, true; }))) {
    rel.offset = d;
    return rel;
  }
  if (shape.size() == 2 && shape[0] > 1 && shape[1] > 1) {
    int64_t R = shape[0], C = shape[1];
    // The candidate holds the C x R transpose, flattened.
    if (accept("transposed", inliers([&](int64_t f, double &w) {
                 int64_t a = f / R, b = f % R;
                 return w = r[b * C + a], true;
               })))
      return rel;
  }
  // Least squares c = a r + b.
  double sr = 0, sc = 0, srr = 0, src = 0, m = double(idx.size());
  for (int64_t i : idx) {
    sr += r[i], sc += c[i], srr += r[i] * r[i], src += r[i] * c[i];
  }
  double den = m * srr - sr * sr;
  if (idx.size() >= 3 && std::fabs(den) > 1e-300) {
    double a = (m * src - sr * sc) / den, b = (sc - a * sr) / m;
    if (accept("affine", inliers([&](int64_t i, double &w) { return w = a * r[i] + b, true; }))) {
      rel.factor = a;
      rel.offset = b;
      return rel;
    }
  }
  rel.kind = medianRel <= 1e-2 ? "close" : "unrelated";
  return rel;
}

CaseSignature classifyCase(const OutputCase &oc, const std::array<int64_t, 3> &block) {
  CaseSignature cs;
  cs.output = oc.output;
  cs.sizes = oc.sizes;
  size_t n = std::min(oc.candidate.size(), oc.reference.size());
  cs.numel = static_cast<int64_t>(n);
  std::vector<uint8_t> mask(n, 0);
  for (size_t i = 0; i < n; ++i)
    mask[i] = i < oc.mismatch.size()
                  ? oc.mismatch[i] != 0
                  : (oc.mismatch.empty() &&
                     isMismatch(oc.candidate[i], oc.reference[i], oc.atol, oc.rtol));
  std::vector<double> rels;
  for (size_t i = 0; i < n; ++i) {
    double c = oc.candidate[i], r = oc.reference[i];
    if (std::isnan(r))
      ++cs.nanReference;
    if (i < oc.unwritten.size() && oc.unwritten[i])
      ++cs.unwritten;
    if (std::isfinite(r) && std::isnan(c))
      ++cs.nanCandidate;
    if (std::isfinite(r) && std::isinf(c))
      ++cs.infCandidate;
    if (!mask[i])
      continue;
    ++cs.mismatches;
    if (std::isfinite(c) && std::isfinite(r)) {
      cs.maxAbsError = std::max(cs.maxAbsError, std::fabs(c - r));
      double rel = relError(c, r, oc.atol);
      cs.maxRelError = std::max(cs.maxRelError, rel);
      rels.push_back(rel);
    }
  }
  cs.mismatchFraction = n ? double(cs.mismatches) / double(n) : 0;
  cs.medianRelError = median(rels);
  std::vector<int64_t> shape = oc.shape;
  if (product(shape) != cs.numel)
    shape = {cs.numel};
  cs.pattern = classifySpatial(mask, shape, block);
  if (cs.mismatches)
    cs.magnitude = classifyMagnitude(oc, mask, shape, block, cs.medianRelError);
  return cs;
}

std::string bindingKey(const std::map<std::string, int64_t> &sizes) {
  std::string key;
  for (auto &[name, value] : sizes) {
    if (!key.empty())
      key += ",";
    key += name + "=" + std::to_string(value);
  }
  return key.empty() ? "(default)" : key;
}

/// Rules that separate passing from failing bindings on one size variable.
void sizeRules(const std::map<std::string, std::map<std::string, int64_t>> &bindings,
               const std::set<std::string> &failing, const std::array<int64_t, 3> &block,
               std::vector<std::string> &rules, std::vector<std::string> &tags) {
  if (failing.empty() || failing.size() == bindings.size())
    return;
  std::set<std::string> vars;
  for (auto &[key, sizes] : bindings)
    for (auto &[name, v] : sizes)
      vars.insert(name);
  std::set<int64_t> divisors = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  for (int64_t d : block)
    if (d > 1)
      divisors.insert(d);
  if (int64_t b = blockThreads(block); b > 1)
    divisors.insert(b);
  for (const std::string &var : vars) {
    std::vector<std::pair<int64_t, bool>> points; // (value, passes)
    bool everywhere = true;
    for (auto &[key, sizes] : bindings) {
      auto it = sizes.find(var);
      if (it == sizes.end()) {
        everywhere = false;
        break;
      }
      points.push_back({it->second, !failing.count(key)});
    }
    if (!everywhere)
      continue;
    // Largest divisor D such that passing <=> var % D == 0.
    for (auto it = divisors.rbegin(); it != divisors.rend(); ++it) {
      int64_t D = *it;
      if (llvm::all_of(points, [&](auto &pt) { return (pt.first % D == 0) == pt.second; })) {
        rules.push_back(var + " % " + std::to_string(D) + " == 0 passes");
        tags.push_back("sizes:multiple-of-" + std::to_string(D) + "-pass");
        if (D == block[0] || D == blockThreads(block))
          tags.push_back("sizes:multiple-of-block-pass");
        break;
      }
    }
    int64_t maxPass = INT64_MIN, minFail = INT64_MAX, minPass = INT64_MAX, maxFail = INT64_MIN;
    for (auto &[v, ok] : points) {
      if (ok)
        maxPass = std::max(maxPass, v), minPass = std::min(minPass, v);
      else
        minFail = std::min(minFail, v), maxFail = std::max(maxFail, v);
    }
    if (maxPass < minFail) {
      rules.push_back(var + " <= " + std::to_string(maxPass) + " passes, " + var +
                      " >= " + std::to_string(minFail) + " fails");
      tags.push_back("sizes:small-pass");
    } else if (maxFail < minPass) {
      rules.push_back(var + " >= " + std::to_string(minPass) + " passes, " + var +
                      " <= " + std::to_string(maxFail) + " fails");
      tags.push_back("sizes:large-pass");
    }
  }
}

/// Spearman rank correlation of two equally long series.
double spearman(const std::vector<double> &x, const std::vector<double> &y) {
  size_t n = x.size();
  auto ranks = [n](const std::vector<double> &v) {
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return v[a] < v[b]; });
    std::vector<double> r(n);
    for (size_t i = 0; i < n; ++i)
      r[order[i]] = double(i);
    return r;
  };
  std::vector<double> rx = ranks(x), ry = ranks(y);
  double d2 = 0;
  for (size_t i = 0; i < n; ++i)
    d2 += (rx[i] - ry[i]) * (rx[i] - ry[i]);
  return 1 - 6 * d2 / (double(n) * (double(n) * n - 1));
}

/// Error (relative to the output's scale) growing with a size or with the
/// reduction length, per output.
void precisionHints(const SignatureInput &in, const std::vector<CaseSignature> &cases,
                    std::vector<std::string> &hints) {
  std::map<std::string, std::vector<size_t>> byOutput;
  for (size_t i = 0; i < cases.size(); ++i)
    byOutput[cases[i].output].push_back(i);
  std::set<std::string> found;
  for (auto &[output, ids] : byOutput) {
    if (ids.size() < 2)
      continue;
    std::vector<double> err;
    for (size_t i : ids) {
      const OutputCase &oc = in.cases[i];
      double scale = 0, maxErr = 0;
      size_t n = std::min(oc.candidate.size(), oc.reference.size());
      for (size_t j = 0; j < n; ++j)
        if (std::isfinite(oc.reference[j]) && std::isfinite(oc.candidate[j])) {
          scale = std::max(scale, std::fabs(oc.reference[j]));
          maxErr = std::max(maxErr, std::fabs(oc.candidate[j] - oc.reference[j]));
        }
      err.push_back(scale > 0 ? maxErr / scale : maxErr);
    }
    std::map<std::string, std::vector<double>> keys;
    for (size_t i : ids) {
      const OutputCase &oc = in.cases[i];
      if (oc.reductionLength > 0)
        keys["reduction"].push_back(double(oc.reductionLength));
      for (auto &[name, v] : oc.sizes)
        keys[name].push_back(double(v));
    }
    for (auto &[name, xs] : keys) {
      if (xs.size() != ids.size() || std::set<double>(xs.begin(), xs.end()).size() < 2)
        continue;
      size_t lo = std::min_element(xs.begin(), xs.end()) - xs.begin();
      size_t hi = std::max_element(xs.begin(), xs.end()) - xs.begin();
      double rho = spearman(xs, err);
      bool grows = err[hi] > 2 * err[lo] && err[hi] > 0 && (xs.size() == 2 ? true : rho >= 0.8);
      if (grows && found.insert(name).second)
        hints.push_back("grows-with:" + name);
    }
  }
}

llvm::json::Value num(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  return v;
}

llvm::json::Array ints(const std::vector<int64_t> &v) {
  llvm::json::Array a;
  for (int64_t x : v)
    a.push_back(x);
  return a;
}

llvm::json::Array strings(const std::vector<std::string> &v) {
  llvm::json::Array a;
  for (const std::string &s : v)
    a.push_back(s);
  return a;
}

} // namespace

Signature sig::classifyFailure(const SignatureInput &in) {
  Signature s;
  s.nondeterministic = in.nondeterministic;
  std::map<std::string, std::map<std::string, int64_t>> bindings;
  std::set<std::string> failing;
  std::map<std::string, int64_t> patternVotes, magnitudeVotes;
  for (const OutputCase &oc : in.cases) {
    CaseSignature cs = classifyCase(oc, in.block);
    std::string key = bindingKey(oc.sizes);
    bindings[key] = oc.sizes;
    s.total += cs.numel;
    s.mismatches += cs.mismatches;
    if (cs.mismatches) {
      failing.insert(key);
      patternVotes[cs.pattern.kind] += cs.mismatches;
      magnitudeVotes[cs.magnitude.kind] += cs.mismatches;
    }
    s.cases.push_back(std::move(cs));
  }
  s.mismatchFraction = s.total ? double(s.mismatches) / double(s.total) : 0;
  for (auto &[key, sizes] : bindings)
    (failing.count(key) ? s.failingSizes : s.passingSizes).push_back(key);
  auto top = [](const std::map<std::string, int64_t> &votes) {
    std::string best = "none";
    int64_t most = 0;
    for (auto &[kind, n] : votes)
      if (n > most)
        best = kind, most = n;
    return best;
  };
  s.pattern = top(patternVotes);
  s.magnitude = top(magnitudeVotes);

  std::vector<std::string> &tags = s.tags;
  if (s.mismatches) {
    tags.push_back("pattern:" + s.pattern);
    tags.push_back("magnitude:" + s.magnitude);
  }
  std::set<std::string> extra;
  double relSum = 0;
  int64_t relCases = 0;
  for (const CaseSignature &cs : s.cases) {
    if (cs.nanCandidate)
      extra.insert("nan");
    if (cs.infCandidate)
      extra.insert("inf");
    if (cs.unwritten)
      extra.insert("unwritten");
    if (!cs.mismatches)
      continue;
    const SpatialPattern &p = cs.pattern;
    if (p.kind == "last-partial-block" ||
        (p.kind == "column-tail" && p.period > 0 && p.k % p.period == 0))
      extra.insert("pattern:partial-block");
    if ((p.kind == "periodic" || p.kind == "blocks") &&
        (p.period == in.block[0] || p.period == blockThreads(in.block)))
      extra.insert("pattern:block-periodic");
    if (cs.magnitude.kind == "close") {
      relSum += cs.medianRelError;
      ++relCases;
    }
  }
  for (const std::string &t : extra)
    tags.push_back(t);
  if (!failing.empty())
    tags.push_back(failing.size() == bindings.size() ? "sizes:all-fail" : "sizes:some-pass");
  sizeRules(bindings, failing, in.block, s.sizeRules, tags);

  if (s.magnitude == "close" || s.magnitude == "unrelated") {
    precisionHints(in, s.cases, s.precision);
    // f16/bf16 accumulation: errors around their epsilons (1e-3, 8e-3),
    // spread over the output rather than in a structured region.
    double typical = relCases ? relSum / double(relCases) : 0;
    if (s.magnitude == "close" && typical >= 1e-4 && typical <= 5e-2 &&
        (s.pattern == "scattered" || s.pattern == "everything" || s.pattern == "first-k-correct"))
      s.precision.push_back("low-precision-accumulation");
  }
  for (const std::string &h : s.precision)
    tags.push_back("precision:" +
                   (h.rfind("grows-with:", 0) == 0 ? std::string("grows-with-size") : h));
  if (s.nondeterministic)
    tags.push_back("nondeterministic");
  return s;
}

llvm::json::Value Signature::toJSON() const {
  llvm::json::Array caseArr;
  for (const CaseSignature &cs : cases) {
    llvm::json::Object sizes;
    for (auto &[k, v] : cs.sizes)
      sizes[k] = v;
    const SpatialPattern &p = cs.pattern;
    llvm::json::Object pattern{{"kind", p.kind}, {"density", num(p.density)}};
    if (p.k >= 0)
      pattern["k"] = p.k;
    if (p.period)
      pattern["period"] = p.period;
    if (!p.which.empty()) {
      pattern["which"] = ints(p.which);
      pattern["which_count"] = p.whichCount;
    }
    const MagnitudeRelation &m = cs.magnitude;
    llvm::json::Object mag{{"kind", m.kind}, {"inliers", num(m.inlierFraction)}};
    if (m.kind == "factor" || m.kind == "affine")
      mag["factor"] = num(m.factor);
    if (m.kind == "offset" || m.kind == "affine")
      mag["offset"] = num(m.offset);
    if (m.kind == "shifted")
      mag["shift"] = m.shift;
    caseArr.push_back(llvm::json::Object{{"output", cs.output},
                                         {"sizes", std::move(sizes)},
                                         {"numel", cs.numel},
                                         {"mismatches", cs.mismatches},
                                         {"mismatch_fraction", num(cs.mismatchFraction)},
                                         {"nan", cs.nanCandidate},
                                         {"inf", cs.infCandidate},
                                         {"nan_reference", cs.nanReference},
                                         {"unwritten", cs.unwritten},
                                         {"max_abs_error", num(cs.maxAbsError)},
                                         {"max_rel_error", num(cs.maxRelError)},
                                         {"median_rel_error", num(cs.medianRelError)},
                                         {"pattern", std::move(pattern)},
                                         {"magnitude", std::move(mag)}});
  }
  return llvm::json::Object{{"total", total},
                            {"mismatches", mismatches},
                            {"mismatch_fraction", num(mismatchFraction)},
                            {"pattern", pattern},
                            {"magnitude", magnitude},
                            {"passing_sizes", strings(passingSizes)},
                            {"failing_sizes", strings(failingSizes)},
                            {"size_rules", strings(sizeRules)},
                            {"precision", strings(precision)},
                            {"nondeterministic", nondeterministic},
                            {"tags", strings(tags)},
                            {"cases", std::move(caseArr)}};
}
