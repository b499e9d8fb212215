//===- StaticChecks.h - integrity checks on a candidate's IR ---*- C++ -*-===//
//
// A repair loop that optimizes "passes the check" finds ways to pass without
// computing the operator. These checks look at the lifted IR (and source) of a
// candidate for the shapes such cheats take; the dynamic checks (held-out
// sizes and seeds, perturbation, ghost replay) live in DynamicChecks.h.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_INTEGRITY_STATICCHECKS_H
#define KFIX_INTEGRITY_STATICCHECKS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kfix {

/// One failed integrity check: `check` is a stable name (e.g.
/// "hardcoded-shape"), `evidence` says what was seen, `loc` where.
struct IntegrityFinding {
  std::string check;
  std::string evidence;
  std::string loc;
  llvm::json::Value toJSON() const;
};

struct ParamRole {
  std::string name;
  std::string role; ///< input output inout scratch scalar
  /// An integer scalar with the same value in every size of the task: a store
  /// under a condition that this value makes false never runs in the task
  /// (`if (return_indices && indices) indices[i] = ...` with return_indices 0).
  std::optional<int64_t> constant;
};

struct StaticCheckInput {
  mlir::gpu::GPUFuncOp candidate;
  /// The kernel as the pipeline produced it (null when checking a kernel alone).
  mlir::gpu::GPUFuncOp original;
  /// The trusted reference kernel (null for a `command` reference).
  mlir::gpu::GPUFuncOp reference;
  /// Task param name of each reference kernel argument, in order.
  std::vector<std::string> referenceParams;
  std::vector<ParamRole> params; ///< in the candidate's parameter order
  /// Values bound to size symbols, and values of expressions derived from
  /// them (shapes, scalars), in the task's sizes.
  std::set<int64_t> sizeValues;
  /// Integer literals of the task's launch configuration (block sizes etc.).
  std::set<int64_t> launchConstants;
  std::string originalSource, candidateSource;
  /// Maximum number of changed source lines between original and candidate.
  unsigned diffBudgetLines = 40;
};

/// Runs every static check. Each check is named:
///   disallowed-op         ops outside the allow-list (calls, asm, printf, ...)
///   reads-output-first    loads from an output param before any store to it
///   hardcoded-shape       integer constants equal to test sizes used in bounds,
///                         indexing or control flow
///   ignores-input         an output with no data dependence on an input the
///                         reference depends on
///   writes-input          stores to a param that is not an output/inout/scratch
///   signature-changed     parameter count, types or names differ from the original
///   diff-too-large        the source diff exceeds the budget
std::vector<IntegrityFinding> runStaticChecks(const StaticCheckInput &in);

/// Finds the gpu.func whose `kfix.name` (or symbol name) is `name`.
mlir::gpu::GPUFuncOp findKernelFunc(mlir::ModuleOp module, llvm::StringRef name);

/// Number of changed lines between two texts (insertions + deletions of an LCS diff).
unsigned countChangedLines(llvm::StringRef a, llvm::StringRef b);

} // namespace kfix

#endif
