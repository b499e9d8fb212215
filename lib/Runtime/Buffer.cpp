//===- Buffer.cpp - typed host buffers and f16/bf16 conversions -----------===//
//
// Element access converts through double; the narrow float formats are
// rounded straight from double (no double rounding through float).
//
//===----------------------------------------------------------------------===//
#include "kfix/Runtime/Buffer.h"

#include "llvm/ADT/StringSwitch.h"
#include <cmath>
#include <cstring>

using namespace kfix;

std::optional<DType> kfix::parseDType(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<DType>>(name)
      .Case("f64", DType::f64)
      .Case("f32", DType::f32)
      .Case("f16", DType::f16)
      .Case("bf16", DType::bf16)
      .Case("i64", DType::i64)
      .Case("i32", DType::i32)
      .Case("i16", DType::i16)
      .Case("i8", DType::i8)
      .Case("u64", DType::u64)
      .Case("u32", DType::u32)
      .Case("u16", DType::u16)
      .Case("u8", DType::u8)
      .Case("bool", DType::boolean)
      .Default(std::nullopt);
}

llvm::StringRef kfix::dtypeName(DType t) {
  switch (t) {
  case DType::f64:
    return "f64";
  case DType::f32:
    return "f32";
  case DType::f16:
    return "f16";
  case DType::bf16:
    return "bf16";
  case DType::i64:
    return "i64";
  case DType::i32:
    return "i32";
  case DType::i16:
    return "i16";
  case DType::i8:
    return "i8";
  case DType::u64:
    return "u64";
  case DType::u32:
    return "u32";
  case DType::u16:
    return "u16";
  case DType::u8:
    return "u8";
  case DType::boolean:
    return "bool";
  }
  return "?";
}

size_t kfix::dtypeSize(DType t) {
  switch (t) {
  case DType::f64:
  case DType::i64:
  case DType::u64:
    return 8;
  case DType::f32:
  case DType::i32:
  case DType::u32:
    return 4;
  case DType::f16:
  case DType::bf16:
  case DType::i16:
  case DType::u16:
    return 2;
  case DType::i8:
  case DType::u8:
  case DType::boolean:
    return 1;
  }
  return 1;
}

bool kfix::isFloat(DType t) {
  return t == DType::f64 || t == DType::f32 || t == DType::f16 || t == DType::bf16;
}

bool kfix::isSigned(DType t) {
  return isFloat(t) || t == DType::i64 || t == DType::i32 || t == DType::i16 || t == DType::i8;
}

//===----------------------------------------------------------------------===//
// Narrow floats: a binary format with `E` exponent bits and `M` mantissa bits
// in 16 bits (half: 5/10, bfloat16: 8/7).
//===----------------------------------------------------------------------===//

static uint64_t doubleBits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

static double bitsDouble(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

/// Rounds `d` to nearest even in the 16-bit format (E, M). NaN stays NaN (quiet,
/// sign and top payload bits kept), infinities and overflow become infinity.
static uint16_t roundToNarrow(double d, int E, int M) {
  uint64_t b = doubleBits(d);
  uint16_t sign = static_cast<uint16_t>((b >> 63) << 15);
  int e = static_cast<int>((b >> 52) & 0x7ff);
  uint64_t m = b & ((uint64_t(1) << 52) - 1);
  uint16_t expAll = static_cast<uint16_t>(((1u << E) - 1) << M);
  uint16_t manMask = static_cast<uint16_t>((1u << M) - 1);
  if (e == 0x7ff) {
    if (m == 0)
      return sign | expAll;
    uint16_t payload = static_cast<uint16_t>((m >> (52 - M)) & manMask);
    return sign | expAll | static_cast<uint16_t>(1u << (M - 1)) | payload;
  }
  if (e == 0) // zero or a double subnormal: far below any narrow subnormal
    return sign;
  int bias = (1 << (E - 1)) - 1;
  int exp = e - 1023;
  uint64_t sig = (uint64_t(1) << 52) | m; // value = sig * 2^(exp - 52)
  int shift = 52 - M;
  bool subnormal = exp < 1 - bias;
  if (subnormal)
    shift += (1 - bias) - exp;
  if (shift > 60)
    return sign;
  uint64_t q = sig >> shift;
  uint64_t rem = sig & ((uint64_t(1) << shift) - 1);
  uint64_t halfway = uint64_t(1) << (shift - 1);
  if (rem > halfway || (rem == halfway && (q & 1)))
    ++q;
  uint64_t mag;
  if (subnormal) {
    mag = q; // q == 2^M carries into the smallest normal exponent
  } else {
    // q holds the implicit bit; a carry to 2^(M+1) bumps the exponent.
    mag = (uint64_t(exp + bias - 1) << M) + q;
  }
  if (mag >= expAll)
    return sign | expAll;
  return sign | static_cast<uint16_t>(mag);
}

static double narrowToDouble(uint16_t h, int E, int M) {
  bool neg = h >> 15;
  int e = (h >> M) & ((1 << E) - 1);
  uint64_t m = h & ((1u << M) - 1);
  int bias = (1 << (E - 1)) - 1;
  double v;
  if (e == (1 << E) - 1) {
    if (m == 0)
      return neg ? -INFINITY : INFINITY;
    // Keep the payload: widen it into the double's mantissa.
    uint64_t b =
        (uint64_t(neg) << 63) | (uint64_t(0x7ff) << 52) | (m << (52 - M)) | (uint64_t(1) << 51);
    return bitsDouble(b);
  }
  if (e == 0)
    v = std::ldexp(static_cast<double>(m), 1 - bias - M);
  else
    v = std::ldexp(static_cast<double>(m | (uint64_t(1) << M)), e - bias - M);
  return neg ? -v : v;
}

uint16_t kfix::floatToHalf(float f) { return roundToNarrow(f, 5, 10); }
float kfix::halfToFloat(uint16_t h) { return static_cast<float>(narrowToDouble(h, 5, 10)); }
uint16_t kfix::floatToBFloat16(float f) { return roundToNarrow(f, 8, 7); }
float kfix::bfloat16ToFloat(uint16_t h) { return static_cast<float>(narrowToDouble(h, 8, 7)); }
uint16_t kfix::doubleToHalf(double d) { return roundToNarrow(d, 5, 10); }
uint16_t kfix::doubleToBFloat16(double d) { return roundToNarrow(d, 8, 7); }

//===----------------------------------------------------------------------===//
// Buffer
//===----------------------------------------------------------------------===//

Buffer::Buffer(DType dtype, std::vector<int64_t> shape) : dtype(dtype), shape(std::move(shape)) {
  data.assign(static_cast<size_t>(numel()) * dtypeSize(dtype), 0);
}

int64_t Buffer::numel() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

template <typename T> static T load(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

template <typename T> static void store(uint8_t *p, T v) { std::memcpy(p, &v, sizeof(T)); }

int64_t Buffer::getInt(int64_t i) const {
  const uint8_t *p = data.data() + static_cast<size_t>(i) * dtypeSize(dtype);
  switch (dtype) {
  case DType::i64:
    return load<int64_t>(p);
  case DType::u64:
    return static_cast<int64_t>(load<uint64_t>(p));
  case DType::i32:
    return load<int32_t>(p);
  case DType::u32:
    return load<uint32_t>(p);
  case DType::i16:
    return load<int16_t>(p);
  case DType::u16:
    return load<uint16_t>(p);
  case DType::i8:
    return load<int8_t>(p);
  case DType::u8:
  case DType::boolean:
    return load<uint8_t>(p);
  case DType::f64:
  case DType::f32:
  case DType::f16:
  case DType::bf16:
    break;
  }
  return static_cast<int64_t>(get(i));
}

double Buffer::get(int64_t i) const {
  const uint8_t *p = data.data() + static_cast<size_t>(i) * dtypeSize(dtype);
  switch (dtype) {
  case DType::f64:
    return load<double>(p);
  case DType::f32:
    return load<float>(p);
  case DType::f16:
    return narrowToDouble(load<uint16_t>(p), 5, 10);
  case DType::bf16:
    return narrowToDouble(load<uint16_t>(p), 8, 7);
  case DType::u64:
    return static_cast<double>(load<uint64_t>(p));
  default:
    return static_cast<double>(getInt(i));
  }
}

void Buffer::setInt(int64_t i, int64_t v) {
  uint8_t *p = data.data() + static_cast<size_t>(i) * dtypeSize(dtype);
  switch (dtype) {
  case DType::i64:
  case DType::u64:
    store<int64_t>(p, v);
    return;
  case DType::i32:
  case DType::u32:
    store<uint32_t>(p, static_cast<uint32_t>(v));
    return;
  case DType::i16:
  case DType::u16:
    store<uint16_t>(p, static_cast<uint16_t>(v));
    return;
  case DType::i8:
  case DType::u8:
    store<uint8_t>(p, static_cast<uint8_t>(v));
    return;
  case DType::boolean:
    store<uint8_t>(p, v != 0);
    return;
  case DType::f64:
  case DType::f32:
  case DType::f16:
  case DType::bf16:
    set(i, static_cast<double>(v));
    return;
  }
}

/// C's conversion of a double to a 64-bit integer, made total: truncation toward
/// zero, then reduction modulo 2^64 (so u64 values above 2^63 survive); NaN is 0.
static int64_t truncWrap64(double v) {
  if (std::isnan(v) || std::isinf(v))
    return 0;
  double t = std::trunc(v);
  if (t >= -9223372036854775808.0 && t < 9223372036854775808.0)
    return static_cast<int64_t>(t);
  double m = std::fmod(t, 18446744073709551616.0);
  if (m < 0)
    m += 18446744073709551616.0;
  if (m >= 18446744073709551616.0)
    return 0;
  return static_cast<int64_t>(static_cast<uint64_t>(m));
}

void Buffer::set(int64_t i, double v) {
  uint8_t *p = data.data() + static_cast<size_t>(i) * dtypeSize(dtype);
  switch (dtype) {
  case DType::f64:
    store<double>(p, v);
    return;
  case DType::f32:
    store<float>(p, static_cast<float>(v));
    return;
  case DType::f16:
    store<uint16_t>(p, roundToNarrow(v, 5, 10));
    return;
  case DType::bf16:
    store<uint16_t>(p, roundToNarrow(v, 8, 7));
    return;
  case DType::boolean:
    store<uint8_t>(p, v != 0);
    return; // NaN converts to true, as in C
  default:
    setInt(i, truncWrap64(v));
    return;
  }
}
