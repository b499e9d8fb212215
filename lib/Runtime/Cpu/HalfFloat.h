//===- HalfFloat.h - f16/bf16 conversions for the CPU executor --*- C++ -*-===//
//
// Round-to-nearest-even conversions, as CUDA's __float2half_rn and
// __float2bfloat16_rn do them, plus the compiler-rt style libcalls that the
// JIT'ed code needs on hosts without native half instructions.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_RUNTIME_CPU_HALFFLOAT_H
#define KFIX_LIB_RUNTIME_CPU_HALFFLOAT_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <utility>
#include <vector>

namespace kfix::cpurt {

uint16_t doubleToHalfBits(double d);
uint16_t doubleToBFloat16Bits(double d);
double halfBitsToDouble(uint16_t h);
double bfloat16BitsToDouble(uint16_t h);

/// (symbol name, address) of the half-precision libcalls the JIT may emit.
std::vector<std::pair<llvm::StringRef, void *>> halfLibcalls();

} // namespace kfix::cpurt

#endif
