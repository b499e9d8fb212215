//===- InitAll.h - register everything a kfix tool knows -------*- C++ -*-===//
//
// lib/InitAll (KFixInitAll): dialects, passes and pipelines. The translations
// of kfix-translate, which need the frontend and the exporter, are the
// driver's (kfix/Translation/Translations.h).
//
//===----------------------------------------------------------------------===//
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

} // namespace kfix

#endif
