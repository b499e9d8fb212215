//===- Compare.h - element-wise comparison against a reference -*- C++ -*-===//
//
// An element passes when |got - want| <= atol + rtol * |want|; NaN and
// infinities pass only where the reference holds the same (NaN matches NaN,
// +inf matches +inf); exact comparisons (integers, bool) compare the stored
// integers.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_COMPARE_H
#define KFIX_RUNTIME_COMPARE_H

#include "kfix/Runtime/Buffer.h"
#include "kfix/Runtime/Manifest.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include <vector>

namespace kfix {

struct Mismatch {
  int64_t linear = 0;
  std::vector<int64_t> index; ///< multi-dimensional (row-major over the shape)
  double got = 0, want = 0;
  bool unwritten = false; ///< the candidate left the poison pattern there
};

struct CompareStats {
  int64_t numel = 0;
  int64_t mismatches = 0;
  /// Mismatches where the candidate or the reference is NaN or infinite.
  int64_t nonFiniteMismatches = 0;
  /// Mismatching elements that still hold the poison pattern (never written).
  int64_t unwritten = 0;
  /// Largest |got - want| and |got - want| / |want| over pairs of finite values
  /// (relative error only where want != 0), with where they occur (-1: none).
  double maxAbsErr = 0, maxRelErr = 0;
  int64_t maxAbsAt = -1;
  bool exact = false;
  Tolerance tol;
  std::vector<Mismatch> first; ///< the first mismatches in row-major order
  /// One bit per element: true where it mismatches (empty unless requested).
  std::vector<bool> mask;
  bool pass() const { return mismatches == 0; }
};

/// Compares `got` against `want` (same dtype and element count).
CompareStats compareBuffers(const Buffer &got, const Buffer &want, Tolerance tol, bool exact,
                            size_t keepFirst = 10, bool keepMask = false);

/// Whether one element pair passes.
bool elementMatches(double got, double want, Tolerance tol);

/// Number of elements whose bytes differ.
int64_t countBitwiseDifferences(const Buffer &a, const Buffer &b);

std::vector<int64_t> unflattenIndex(int64_t linear, llvm::ArrayRef<int64_t> shape);

/// A double as JSON: a number when finite, else the string "nan", "inf" or "-inf".
llvm::json::Value jsonNumber(double v);
llvm::json::Value toJSON(const CompareStats &s);

} // namespace kfix

#endif
