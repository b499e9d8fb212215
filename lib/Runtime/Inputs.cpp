//===- Inputs.cpp - seeded input generation and output poisoning ----------===//
#include "kfix/Runtime/Inputs.h"

#include "kfix/Runtime/Npy.h"

#include <cmath>
#include <cstring>

using namespace kfix;

static uint64_t splitmix64(uint64_t &x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

Rng::Rng(uint64_t seed) {
  uint64_t x = seed;
  for (uint64_t &w : s)
    w = splitmix64(x);
}

uint64_t Rng::next() {
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

double Rng::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

uint64_t Rng::below(uint64_t n) {
  if (n == 0)
    return 0;
  // Rejection of the top partial range keeps the draw unbiased.
  uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t x;
  do
    x = next();
  while (x >= limit);
  return x % n;
}

double Rng::normal() {
  if (haveSpare) {
    haveSpare = false;
    return spare;
  }
  // Polar method: only log and sqrt (sqrt is correctly rounded everywhere).
  double u, v, q;
  do {
    u = 2 * uniform() - 1;
    v = 2 * uniform() - 1;
    q = u * u + v * v;
  } while (q >= 1 || q == 0);
  double m = std::sqrt(-2 * std::log(q) / q);
  spare = v * m;
  haveSpare = true;
  return u * m;
}

uint64_t kfix::inputSeed(unsigned sizeIndex, unsigned seed, llvm::StringRef param) {
  // FNV-1a of the name, mixed with the indices through splitmix64.
  uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : param) {
    h ^= static_cast<uint8_t>(c);
    h *= 0x100000001b3ULL;
  }
  uint64_t x = h ^ (uint64_t(sizeIndex) << 32) ^ seed;
  return splitmix64(x);
}

static llvm::Error fillInputValues(Buffer &buf, const InputSpec &spec, uint64_t seed);

llvm::Error kfix::fillInput(Buffer &buf, const InputSpec &spec, uint64_t seed) {
  if (llvm::Error e = fillInputValues(buf, spec, seed))
    return e;
  int64_t n = buf.numel();
  if (n <= 0)
    return llvm::Error::success();
  // A sorted input (boundaries for a binary search, offsets) is the
  // input's structure too: a moved element stays between its neighbours.
  int order = 0; // 1 non-decreasing, -1 non-increasing, 0 neither
  if (!spec.bumpElements.empty() && isFloat(buf.dtype) && n >= 3) {
    bool up = true, down = true;
    for (int64_t j = 1; j < n && (up || down); ++j) {
      up &= buf.get(j) >= buf.get(j - 1);
      down &= buf.get(j) <= buf.get(j - 1);
    }
    order = up && !down ? 1 : down && !up ? -1 : 0;
  }
  for (int64_t i : spec.bumpElements) {
    int64_t k = ((i % n) + n) % n;
    if (order != 0) {
      double x = buf.get(k);
      if (k + 1 < n && (buf.get(k + 1) - x) * order > 0) {
        buf.set(k, x + 0.5 * (buf.get(k + 1) - x));
        continue;
      }
      if (k + 1 == n) {
        buf.set(k, x + order * (0.5 * std::fabs(x) + 0.5));
        continue;
      }
    }
    // A zero that the task's transform made (below the diagonal of a `triu`
    // input, a clamped value) is the input's structure, which a kernel may
    // rely on: the nearest element after it that is not zero moves instead.
    if (!spec.transforms.empty() && isFloat(buf.dtype) && buf.get(k) == 0)
      for (int64_t s = 1; s < n; ++s)
        if (buf.get((k + s) % n) != 0) {
          k = (k + s) % n;
          break;
        }
    if (isFloat(buf.dtype)) {
      double x = buf.get(k);
      buf.set(k, x + 0.5 * std::fabs(x) + 0.5);
    } else {
      buf.setInt(k, buf.getInt(k) + 1);
    }
  }
  return llvm::Error::success();
}

static llvm::Error fillInputValues(Buffer &buf, const InputSpec &spec, uint64_t seed) {
  int64_t n = buf.numel();
  if (spec.dist == InputSpec::file) {
    auto f = readNpy(spec.path);
    if (!f)
      return f.takeError();
    if (f->numel() != n) {
      std::string shape;
      for (int64_t d : buf.shape)
        shape += (shape.empty() ? "" : "x") + std::to_string(d);
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "%s: has %lld elements, the parameter needs %lld (shape %s)",
                                     spec.path.c_str(), (long long)f->numel(), (long long)n,
                                     shape.c_str());
    }
    Buffer c = convertBuffer(*f, buf.dtype);
    buf.data = std::move(c.data);
    return llvm::Error::success();
  }
  Rng rng(seed);
  if (!spec.transforms.empty()) {
    // Drawn in double as below, transformed, then rounded to the dtype once.
    std::vector<double> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      switch (spec.dist) {
      case InputSpec::normal:
        v[i] = spec.a + spec.b * rng.normal();
        break;
      case InputSpec::uniform:
        v[i] = spec.a + (spec.b - spec.a) * rng.uniform();
        break;
      case InputSpec::randint: {
        int64_t lo = static_cast<int64_t>(spec.a), hi = static_cast<int64_t>(spec.b);
        v[i] = static_cast<double>(lo + static_cast<int64_t>(rng.below(uint64_t(hi - lo))));
        break;
      }
      case InputSpec::constant:
        v[i] = spec.a;
        break;
      case InputSpec::arange:
        v[i] = static_cast<double>(i);
        break;
      case InputSpec::file:
        break;
      }
    }
    applyTransforms(v, buf.shape, spec.transforms);
    for (int64_t i = 0; i < n; ++i) {
      if (isFloat(buf.dtype))
        buf.set(i, v[i]);
      else // integer-valued (checked when the manifest was loaded)
        buf.setInt(i, static_cast<int64_t>(v[i]));
    }
    return llvm::Error::success();
  }
  for (int64_t i = 0; i < n; ++i) {
    switch (spec.dist) {
    case InputSpec::normal:
      buf.set(i, spec.a + spec.b * rng.normal());
      break;
    case InputSpec::uniform:
      buf.set(i, spec.a + (spec.b - spec.a) * rng.uniform());
      break;
    case InputSpec::randint: {
      int64_t lo = static_cast<int64_t>(spec.a), hi = static_cast<int64_t>(spec.b);
      int64_t v = lo + static_cast<int64_t>(rng.below(static_cast<uint64_t>(hi - lo)));
      if (isFloat(buf.dtype))
        buf.set(i, static_cast<double>(v));
      else
        buf.setInt(i, v);
      break;
    }
    case InputSpec::constant:
      buf.set(i, spec.a);
      break;
    case InputSpec::arange:
      if (isFloat(buf.dtype))
        buf.set(i, static_cast<double>(i));
      else
        buf.setInt(i, i);
      break;
    case InputSpec::file:
      break;
    }
  }
  return llvm::Error::success();
}

static void poisonPattern(DType t, uint8_t out[8]) {
  uint64_t v;
  switch (t) {
  case DType::f64:
    v = 0x7FF8A5A5A5A5A5A5ULL;
    break;
  case DType::f32:
    v = 0x7FC5A5A5U;
    break;
  case DType::f16:
    v = 0x7E5A;
    break;
  case DType::bf16:
    v = 0x7FDA;
    break;
  default:
    v = 0x5A5A5A5A5A5A5A5AULL;
    break;
  }
  std::memcpy(out, &v, 8);
}

void kfix::poison(Buffer &buf) {
  uint8_t pat[8];
  poisonPattern(buf.dtype, pat);
  size_t w = dtypeSize(buf.dtype);
  for (size_t off = 0; off + w <= buf.data.size(); off += w)
    std::memcpy(buf.data.data() + off, pat, w);
}

bool kfix::isPoisoned(const Buffer &buf, int64_t i) {
  uint8_t pat[8];
  poisonPattern(buf.dtype, pat);
  size_t w = dtypeSize(buf.dtype);
  return std::memcmp(buf.data.data() + static_cast<size_t>(i) * w, pat, w) == 0;
}
