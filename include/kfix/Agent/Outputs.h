//===- Outputs.h - what `kfix debug` writes -----------------------*- C++ -*-===//
#ifndef KFIX_AGENT_OUTPUTS_H
#define KFIX_AGENT_OUTPUTS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <string>

namespace kfix {

/// The module as text (locations kept, so repaired IR points at the source).
std::string printModule(mlir::ModuleOp module);
/// The CUDA exporter, registered by the driver (so the agent does not link
/// the exporter directly): writes CUDA C++ for a lifted module or fails with
/// diagnostics on the module's context.
using CudaExporter = std::function<mlir::LogicalResult(mlir::ModuleOp, llvm::raw_ostream &)>;
void setCudaExporter(CudaExporter exporter);

/// CUDA C++ for the module's kernels ("" when it cannot be exported).
std::string exportedSource(mlir::ModuleOp module, std::string *error = nullptr);
/// PTX for the module through kfix-lower-to-nvvm ("" + error on failure).
std::string lowerToPTX(mlir::ModuleOp module, std::string &error);

} // namespace kfix

#endif
