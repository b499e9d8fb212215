//===- Prepare.h - `kfix harness-prepare`: a candidate for the harness -*- C++ -*-===//
//
// Prepares a KernelBench candidate's CUDA source (a `load_inline` source with
// kernels and a host wrapper) for the Python harness (python/kfix_harness):
// lifts its kernels to MLIR (kernels.mlir), rewrites the host side through the
// Clang AST so that every kernel launch goes through the launch ABI of
// python/kfix_harness/shim/kfix_rt.h (host.cpp), and describes kernels and
// launch sites in manifest.json.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_HARNESS_PREPARE_H
#define KFIX_HARNESS_PREPARE_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace kfix::harness {

struct PrepareOptions {
  std::string source;                     ///< the candidate's CUDA source file
  std::string outDir;                     ///< receives kernels.mlir, host.cpp, manifest.json
  std::vector<std::string> includeDirs;   ///< -I (host parse and lifter)
  std::vector<std::string> defines;       ///< -D NAME[=VALUE] (both parses)
  std::vector<std::string> torchIncludes; ///< real PyTorch headers (host parse only)
  /// Ignore an installed CUDA toolkit (as ImportOptions::noCudaToolkit).
  bool noCudaToolkit = false;
};

struct PrepareResult {
  /// 0: written; 2: bad input (nothing written), `error` says why.
  int exitCode = 0;
  std::string error;
  unsigned numSites = 0, numKernels = 0;
  bool lifted = false;
  std::vector<std::string> hostErrors; ///< FILE:LINE:COL: error: ...
};

/// Runs both parses and writes DIR/{kernels.mlir,host.cpp,manifest.json}, each
/// atomically; kernels.mlir only when the kernels lift. `ctx` must have kfix's
/// dialects registered.
PrepareResult prepareHarness(mlir::MLIRContext &ctx, const PrepareOptions &opts);

/// The text host.cpp starts with (before the rewritten source).
std::string hostPrologue(llvm::StringRef sourcePath);

} // namespace kfix::harness

#endif
