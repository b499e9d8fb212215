//===- ExportCUDA.h - lifted MLIR to CUDA C++ -------------------*- C++ -*-===//
//
// Writes the kernels of a lifted (and possibly repaired) module, as described
// in docs/ir-conventions.md, back as CUDA C++ source: a drop-in replacement
// for the original .cu kernels. See docs/export.md.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_EXPORT_EXPORTCUDA_H
#define KFIX_EXPORT_EXPORTCUDA_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace kfix {

struct ExportOptions {
  /// Export only the kernel whose symbol or `kfix.name` is this (all when
  /// empty).
  std::string kernel;
  /// Precede each statement with a `// file:line:col` comment of its op.
  bool locationComments = false;
  /// Inline single-use SSA values into the expressions that use them. When
  /// false every value gets a named temporary (useful to debug the exporter).
  bool inlineExpressions = true;
};

/// Emits CUDA C++ for the `gpu.func ... kernel` functions in `module`. On
/// failure, reports an error at the location of the offending op and writes
/// nothing to `os`.
mlir::LogicalResult exportCUDA(mlir::ModuleOp module, llvm::raw_ostream &os,
                               const ExportOptions &options = {});

} // namespace kfix

#endif // KFIX_EXPORT_EXPORTCUDA_H
