//===- Buffer.h - typed host buffers shared by executors and validation -*- C++ -*-===//
#ifndef KFIX_RUNTIME_BUFFER_H
#define KFIX_RUNTIME_BUFFER_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kfix {

/// The element types of task buffers (manifest v1 `dtype`).
enum class DType { f64, f32, f16, bf16, i64, i32, i16, i8, u64, u32, u16, u8, boolean };

std::optional<DType> parseDType(llvm::StringRef name);
llvm::StringRef dtypeName(DType t);
size_t dtypeSize(DType t);
bool isFloat(DType t);
bool isSigned(DType t);

/// A dense row-major host buffer. `data` holds numel() * dtypeSize(dtype) bytes.
struct Buffer {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;

  Buffer() = default;
  Buffer(DType dtype, std::vector<int64_t> shape);
  int64_t numel() const;
  size_t bytes() const { return data.size(); }
  /// Element i converted to double (f16/bf16 decoded exactly).
  double get(int64_t i) const;
  /// Stores v into element i, rounded to the dtype: f32/f64 as C does, f16/bf16 round to
  /// nearest even straight from double (NaN stays NaN, overflow becomes infinity).
  /// Integers convert as C does: truncation toward zero, and out-of-range values wrap like
  /// a C cast through int64 (reduced modulo 2^64 first, so u64 values above 2^63 are kept);
  /// NaN and infinities store 0. bool stores v != 0 (NaN is true, as in C).
  void set(int64_t i, double v);
  /// Integer element i sign- or zero-extended to int64 (u64: the bit pattern), exact where
  /// get() would round; float elements are truncated as by set().
  int64_t getInt(int64_t i) const;
  /// Stores the low bits of v (bool: v != 0); float dtypes convert v.
  void setInt(int64_t i, int64_t v);
};

/// IEEE half and bfloat16 conversions (round to nearest even), as CUDA does them.
uint16_t floatToHalf(float f);
float halfToFloat(uint16_t h);
uint16_t floatToBFloat16(float f);
float bfloat16ToFloat(uint16_t h);
/// Rounded straight from double (no double rounding through float).
uint16_t doubleToHalf(double d);
uint16_t doubleToBFloat16(double d);

} // namespace kfix

#endif
