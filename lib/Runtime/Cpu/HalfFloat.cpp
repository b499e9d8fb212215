//===- HalfFloat.cpp - f16/bf16 conversions and libcalls -------------------===//
#include "HalfFloat.h"

#include <cmath>
#include <cstring>

using namespace kfix::cpurt;

/// Rounds `d` to a binary format with `mbits` stored mantissa bits and `ebits`
/// exponent bits, to nearest even, with subnormals; returns the bit pattern.
static uint16_t roundToSmallFloat(double d, int mbits, int ebits) {
  uint64_t x;
  std::memcpy(&x, &d, sizeof x);
  uint16_t sign = static_cast<uint16_t>((x >> 63) << 15);
  int bias = (1 << (ebits - 1)) - 1;
  uint16_t expMask = static_cast<uint16_t>(((1 << ebits) - 1) << mbits);
  if (std::isnan(d))
    return sign | expMask | static_cast<uint16_t>(1 << (mbits - 1));
  double a = std::fabs(d);
  if (std::isinf(d))
    return sign | expMask;
  if (a == 0)
    return sign;
  int emin = 1 - bias;
  int exp = std::max(std::ilogb(a), emin);
  uint64_t m = static_cast<uint64_t>(std::nearbyint(std::ldexp(a, mbits - exp)));
  if (m == (uint64_t(1) << (mbits + 1))) {
    m >>= 1;
    ++exp;
  }
  if (exp > bias)
    return sign | expMask;
  if (m < (uint64_t(1) << mbits))
    return sign | static_cast<uint16_t>(m);
  return sign | static_cast<uint16_t>(((exp + bias) << mbits) | (m - (uint64_t(1) << mbits)));
}

uint16_t kfix::cpurt::doubleToHalfBits(double d) { return roundToSmallFloat(d, 10, 5); }
uint16_t kfix::cpurt::doubleToBFloat16Bits(double d) { return roundToSmallFloat(d, 7, 8); }

double kfix::cpurt::halfBitsToDouble(uint16_t h) {
  double sign = (h & 0x8000) ? -1.0 : 1.0;
  int exp = (h >> 10) & 0x1f;
  int m = h & 0x3ff;
  if (exp == 0)
    return sign * std::ldexp(m, -24);
  if (exp == 31)
    return m ? std::nan("") : sign * INFINITY;
  return sign * std::ldexp(m | 0x400, exp - 25);
}

double kfix::cpurt::bfloat16BitsToDouble(uint16_t h) {
  uint32_t x = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &x, sizeof f);
  return f;
}

// The libcalls, with the types LLVM's x86-64 lowering passes them in (half and
// bfloat in xmm registers).
extern "C" {
static _Float16 kfix_truncsfhf2(float f) {
  return __builtin_bit_cast(_Float16, doubleToHalfBits(f));
}
static _Float16 kfix_truncdfhf2(double d) {
  return __builtin_bit_cast(_Float16, doubleToHalfBits(d));
}
static float kfix_extendhfsf2(_Float16 h) {
  return static_cast<float>(halfBitsToDouble(__builtin_bit_cast(uint16_t, h)));
}
static double kfix_extendhfdf2(_Float16 h) {
  return halfBitsToDouble(__builtin_bit_cast(uint16_t, h));
}
static __bf16 kfix_truncsfbf2(float f) {
  return __builtin_bit_cast(__bf16, doubleToBFloat16Bits(f));
}
static __bf16 kfix_truncdfbf2(double d) {
  return __builtin_bit_cast(__bf16, doubleToBFloat16Bits(d));
}
static uint16_t kfix_gnu_f2h_ieee(float f) { return doubleToHalfBits(f); }
static float kfix_gnu_h2f_ieee(uint16_t h) { return static_cast<float>(halfBitsToDouble(h)); }
}

std::vector<std::pair<llvm::StringRef, void *>> kfix::cpurt::halfLibcalls() {
  return {{"__truncsfhf2", reinterpret_cast<void *>(&kfix_truncsfhf2)},
          {"__truncdfhf2", reinterpret_cast<void *>(&kfix_truncdfhf2)},
          {"__extendhfsf2", reinterpret_cast<void *>(&kfix_extendhfsf2)},
          {"__extendhfdf2", reinterpret_cast<void *>(&kfix_extendhfdf2)},
          {"__truncsfbf2", reinterpret_cast<void *>(&kfix_truncsfbf2)},
          {"__truncdfbf2", reinterpret_cast<void *>(&kfix_truncdfbf2)},
          {"__gnu_f2h_ieee", reinterpret_cast<void *>(&kfix_gnu_f2h_ieee)},
          {"__gnu_h2f_ieee", reinterpret_cast<void *>(&kfix_gnu_h2f_ieee)}};
}
