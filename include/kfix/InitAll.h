//===- InitAll.h - register everything a kfix tool knows -------*- C++ -*-===//
#ifndef KFIX_INITALL_H
#define KFIX_INITALL_H

#include "mlir/IR/DialectRegistry.h"

namespace kfix {

/// The kfix dialect and every upstream dialect a lifted kernel or its lowering
/// uses (gpu, scf, cf, arith, math, memref, vector, func, index, nvvm, llvm),
/// with the interfaces their conversions need.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Every kfix pass and pipeline, plus the upstream passes kfix pipelines use.
void registerAllPasses();

/// kfix-translate's translations (--import-cuda, --export-cuda, --kfix-extract-ptx).
void registerAllTranslations();

} // namespace kfix

#endif
