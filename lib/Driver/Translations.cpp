//===- Translations.cpp - kfix-translate translations ---------------------===//
#include "kfix/Translation/Translations.h"
#include "kfix/InitAll.h"
#include "kfix/Frontend/ImportCUDA.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Tools/mlir-translate/Translation.h"

using namespace mlir;

LogicalResult kfix::extractPTX(ModuleOp module, llvm::raw_ostream &os) {
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  unsigned written = 0;
  for (gpu::BinaryOp bin : binaries) {
    for (Attribute attr : bin.getObjects()) {
      auto obj = dyn_cast<gpu::ObjectAttr>(attr);
      if (!obj || obj.getFormat() != gpu::CompilationTarget::Assembly)
        continue;
      if (binaries.size() > 1)
        os << "// kfix: gpu.binary @" << bin.getName() << "\n";
      os << obj.getObject().getValue();
      ++written;
    }
  }
  if (!written)
    return module.emitError("no gpu.binary holding PTX (format=isa) in the module; run "
                            "kfix-opt --kfix-lower-to-nvvm first");
  return success();
}

void kfix::registerAllTranslations() {
  kfix::registerImportCUDATranslation(
      [](DialectRegistry &registry) { kfix::registerAllDialects(registry); });
  static TranslateFromMLIRRegistration extract(
      "kfix-extract-ptx", "write the PTX text held by gpu.binary ops",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        return extractPTX(module, os);
      },
      [](DialectRegistry &registry) { kfix::registerAllDialects(registry); });
}
