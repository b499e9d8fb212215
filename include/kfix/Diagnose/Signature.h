//===- Signature.h - classify how a candidate's outputs are wrong -*- C++ -*-===//
//
// A pure function from comparison data (candidate vs reference values of each
// output, for each size binding) to a structured failure signature: where the
// mismatches are (tail, last partial block, periodic with the block size,
// rows/columns, scattered, ...), how wrong values relate to right ones
// (constant factor, offset, sign flip, shift, transpose), NaN/Inf and unwritten
// elements, which sizes pass, and precision hints. The signature is what the
// knowledge base is matched against (its `tags`). Plain structs only: no
// dependence on the runtime's Buffer or the task manifest.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_DIAGNOSE_SIGNATURE_H
#define KFIX_DIAGNOSE_SIGNATURE_H

#include "llvm/Support/JSON.h"
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kfix::sig {

/// One output compared under one size binding.
struct OutputCase {
  std::string output;                   ///< output name
  std::map<std::string, int64_t> sizes; ///< the size binding, e.g. {"N": 1000}
  std::vector<int64_t> shape;           ///< row-major; empty = 1-D of values.size()
  std::vector<double> candidate, reference;
  /// 1 where the element mismatches; when empty it is computed as
  /// |c - r| > atol + rtol * |r| (NaN vs non-NaN mismatches).
  std::vector<uint8_t> mismatch;
  /// Optional: 1 where the candidate never wrote the element (poison).
  std::vector<uint8_t> unwritten;
  double atol = 1e-5, rtol = 1e-5;
  /// Optional: length of the reduction behind each element (0 = unknown).
  int64_t reductionLength = 0;
};

struct SignatureInput {
  std::vector<OutputCase> cases;
  std::array<int64_t, 3> block{0, 0, 0}; ///< launch block size (0 = unknown)
  bool nondeterministic = false;         ///< outputs differed between identical runs
};

/// Where the mismatches of one case are.
struct SpatialPattern {
  /// "none", "everything", "tail", "last-partial-block", "head", "column-tail",
  /// "rows", "columns", "periodic", "blocks", "first-k-correct", "scattered".
  std::string kind = "none";
  int64_t k = -1;     ///< tail/first-k-correct: first bad flat index; column-tail: first bad column
  int64_t period = 0; ///< periodic/blocks: the period (chunk size)
  std::vector<int64_t> which; ///< residues, chunks, rows or columns (first few)
  int64_t whichCount = 0;     ///< how many there are in all
  double density = 0;         ///< mismatch density inside the predicted region
};

/// How wrong values relate to the right ones (mismatching, finite elements).
struct MagnitudeRelation {
  /// "none", "zero", "sign-flip", "factor", "offset", "shifted", "transposed",
  /// "affine", "close" (small relative errors), "unrelated".
  std::string kind = "none";
  double factor = 1, offset = 0; ///< factor/affine: c = factor*r + offset
  int64_t shift = 0;             ///< shifted: c[i] = r[i + shift]
  double inlierFraction = 0;
};

struct CaseSignature {
  std::string output;
  std::map<std::string, int64_t> sizes;
  int64_t numel = 0, mismatches = 0;
  double mismatchFraction = 0;
  int64_t nanCandidate = 0, infCandidate = 0; ///< where the reference is finite
  int64_t nanReference = 0, unwritten = 0;
  double maxAbsError = 0, maxRelError = 0, medianRelError = 0;
  SpatialPattern pattern;
  MagnitudeRelation magnitude;
};

struct Signature {
  int64_t total = 0, mismatches = 0;
  double mismatchFraction = 0;
  std::vector<CaseSignature> cases;
  /// The bindings (as "N=1000,M=7") that pass / fail over all outputs.
  std::vector<std::string> passingSizes, failingSizes;
  /// Rules over the bindings, e.g. "N % 256 == 0 passes", "N <= 256 passes".
  std::vector<std::string> sizeRules;
  /// Dominant pattern and relation over the failing cases.
  std::string pattern = "none", magnitude = "none";
  /// Precision hints: "grows-with:<size var>", "low-precision-accumulation".
  std::vector<std::string> precision;
  bool nondeterministic = false;
  /// Flat tags for knowledge-base matching ("pattern:tail", "nan", ...).
  std::vector<std::string> tags;

  llvm::json::Value toJSON() const;
};

/// Classifies the comparison data; never fails (bad inputs, e.g. value vectors
/// of different lengths, are compared over their common prefix).
Signature classifyFailure(const SignatureInput &input);

/// The spatial pattern of one mismatch mask (exposed for tests and tools).
SpatialPattern classifySpatial(const std::vector<uint8_t> &mismatch,
                               const std::vector<int64_t> &shape,
                               const std::array<int64_t, 3> &block);

} // namespace kfix::sig

#endif
