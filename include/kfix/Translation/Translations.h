//===- Translations.h - kfix-translate translations -------------*- C++ -*-===//
#ifndef KFIX_TRANSLATION_TRANSLATIONS_H
#define KFIX_TRANSLATION_TRANSLATIONS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace kfix {

/// Writes the PTX text of every gpu.binary object in `module` (an `isa`
/// object) to `os`, each preceded by a `// kfix: gpu.binary @name` line when
/// there are several. Fails when there is no PTX object.
mlir::LogicalResult extractPTX(mlir::ModuleOp module, llvm::raw_ostream &os);

} // namespace kfix

#endif
