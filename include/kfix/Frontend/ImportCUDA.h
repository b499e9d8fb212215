//===- ImportCUDA.h - lift CUDA C++ kernels to MLIR -------------*- C++ -*-===//
//
// The CUDA C++ -> MLIR lifter: parses a .cu file with Clang (device side only)
// and lifts every __global__ kernel to a gpu.func following
// docs/ir-conventions.md. The supported subset is described in
// docs/cuda-subset.md.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_FRONTEND_IMPORTCUDA_H
#define KFIX_FRONTEND_IMPORTCUDA_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace kfix {

struct ImportOptions {
  /// Extra include directories (-I).
  std::vector<std::string> includeDirs;
  /// Macro definitions, `NAME` or `NAME=VALUE` (-D).
  std::vector<std::string> defines;
  /// Lift only this kernel, named as written in C++ (`scale` or
  /// `scale<float>`); empty lifts every kernel.
  std::string kernel;
  /// Report the (otherwise ignored) diagnostics of host code too.
  bool verbose = false;
  /// Ignore an installed CUDA toolkit and parse with kfix's built-in
  /// fallback headers (KFIX_NO_CUDA_TOOLKIT=1 in the environment does the same).
  bool noCudaToolkit = false;
  /// Further Clang arguments, appended last.
  std::vector<std::string> extraArgs;
};

/// Lifts the CUDA source file `path`. On failure returns null and appends
/// `FILE:LINE:COL: error: ...` lines to `errors`. With `verbose`, `errors`
/// also receives the ignored host-code diagnostics on success.
mlir::OwningOpRef<mlir::ModuleOp> importCUDA(mlir::MLIRContext &context, llvm::StringRef path,
                                             const ImportOptions &options, std::string &errors);

/// As above, with the source text given in memory (`path` names it; its
/// directory is searched for quoted includes).
mlir::OwningOpRef<mlir::ModuleOp> importCUDASource(mlir::MLIRContext &context, llvm::StringRef path,
                                                   llvm::StringRef source,
                                                   const ImportOptions &options,
                                                   std::string &errors);

/// Registers `--import-cuda` and its options (-I, -D, --kernel, --verbose)
/// with mlir-translate; `registerDialects` fills the translation's registry.
void registerImportCUDATranslation(std::function<void(mlir::DialectRegistry &)> registerDialects);

} // namespace kfix

#endif
