//===- KernelSource.h - load a candidate or reference as MLIR --*- C++ -*-===//
//
// `.mlir` files are parsed; `.cu` files go through the CUDA importer that the
// frontend registers with setCudaImporter() (so the runtime does not link the
// frontend). Without one, a `.cu` gives a clear error.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_KERNELSOURCE_H
#define KFIX_RUNTIME_KERNELSOURCE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include <functional>
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

/// The gpu.func named `kernel` (kfix.name or symbol name), or null.
mlir::Operation *findKernel(mlir::ModuleOp module, llvm::StringRef kernel);

} // namespace kfix

#endif
