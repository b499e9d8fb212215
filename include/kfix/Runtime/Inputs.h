//===- Inputs.h - seeded input generation and output poisoning -*- C++ -*-===//
//
// Inputs are drawn with kfix's own generator (xoshiro256** seeded through
// splitmix64; normals by the polar Box-Muller method, in double) and then
// rounded to the dtype, so the same task, size and seed give the same bits on
// every machine.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_INPUTS_H
#define KFIX_RUNTIME_INPUTS_H

#include "kfix/Runtime/Buffer.h"
#include "kfix/Runtime/Manifest.h"

#include "llvm/Support/Error.h"
#include <cstdint>

namespace kfix {

class Rng {
public:
  explicit Rng(uint64_t seed);
  uint64_t next();
  /// Uniform in [0, 1) with 53 random bits.
  double uniform();
  /// Uniform integer in [0, n), unbiased.
  uint64_t below(uint64_t n);
  double normal();

private:
  uint64_t s[4];
  bool haveSpare = false;
  double spare = 0;
};

/// The generator seed of one buffer: mixes the size index, the seed number and
/// the parameter name, so that each buffer gets its own stream.
uint64_t inputSeed(unsigned sizeIndex, unsigned seed, llvm::StringRef param);

/// Fills `buf` (dtype and shape set) from `spec`. `file` inputs are read from
/// their .npy, converted to the dtype, and must have buf.numel() elements.
llvm::Error fillInput(Buffer &buf, const InputSpec &spec, uint64_t seed);

/// Writes the poison pattern into every element: a quiet NaN with the payload
/// 0x5A5A... for floats (f32 0x7FC5A5A5, f64 0x7FF8A5A5A5A5A5A5, f16 0x7E5A,
/// bf16 0x7FDA), the byte 0x5A for integers and bool.
void poison(Buffer &buf);
/// Whether element i still holds the poison pattern (was never written).
bool isPoisoned(const Buffer &buf, int64_t i);

} // namespace kfix

#endif
