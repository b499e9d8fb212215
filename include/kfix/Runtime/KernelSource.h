//===- KernelSource.h - load a candidate or reference as MLIR --*- C++ -*-===//
//
// `.mlir` files are parsed; `.cu` files go through the CUDA importer that the
// frontend registers with setCudaImporter() (so the runtime does not link the
// frontend). Without one, a `.cu` gives a clear error.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_KERNELSOURCE_H
#define KFIX_RUNTIME_KERNELSOURCE_H

#include "kfix/LiftedIR/LiftedIR.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include <functional>
#include <optional>
#include <string>

namespace kfix {

/// Lifts the CUDA file at `path` to a module of gpu.funcs (docs/ir-conventions.md),
/// instantiating at least `kernels` (names as written in C++, e.g. "scale<float>").
/// Reports problems as diagnostics on `ctx` and returns null on failure.
using CudaImporter = std::function<mlir::OwningOpRef<mlir::ModuleOp>(
    mlir::MLIRContext &ctx, llvm::StringRef path, llvm::ArrayRef<std::string> kernels)>;

void setCudaImporter(CudaImporter importer);
bool hasCudaImporter();

/// Loads `path` (.mlir parsed, .cu lifted) into `ctx`, which must have kfix's dialects
/// registered, and checks that every name in `kernels` is a gpu.func of the module
/// (matched on `kfix.name`, else the symbol name). On failure returns null and sets
/// `error` to the diagnostics (file:line:col: error: ...).
mlir::OwningOpRef<mlir::ModuleOp> loadKernelModule(mlir::MLIRContext &ctx, llvm::StringRef path,
                                                   llvm::ArrayRef<std::string> kernels,
                                                   std::string &error);

// findKernel, kernelSymbolName: kfix/LiftedIR/LiftedIR.h (the one kernel lookup).

/// Exit status of `kfix run`, `kfix debug` and `kfix check-integrity` when the
/// candidate uses a construct the lifter cannot read: the kernel is not
/// verified either way (docs/cuda-subset.md), distinct from 1 (fail) and 2 (error).
constexpr int kExitNotVerified = 3;

/// A construct the lifter cannot read, from a loadKernelModule error: the
/// first `FILE:LINE:COL: error: kfix cannot lift <construct>` line.
struct Unliftable {
  std::string construct; // "__constant__ memory ('w')"
  std::string location;  // FILE:LINE:COL
  /// "not verified: <construct> (FILE:LINE:COL)"
  std::string message() const;
};
std::optional<Unliftable> findUnliftable(llvm::StringRef error);

} // namespace kfix

#endif
