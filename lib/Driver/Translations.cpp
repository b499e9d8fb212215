//===- Translations.cpp - kfix-translate translations ---------------------===//
#include "kfix/Translation/Translations.h"
#include "kfix/InitAll.h"
#include "kfix/Export/ExportCUDA.h"
#include "kfix/Frontend/ImportCUDA.h"
#include "kfix/Pipelines/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Tools/mlir-translate/Translation.h"

using namespace mlir;
using kfix::ExportOptions;

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

  // --export-cuda: lifted MLIR -> CUDA C++ (lib/Export, docs/export.md).
  static llvm::cl::opt<std::string> exportKernel("export-cuda-kernel",
                                                 llvm::cl::desc("--export-cuda: only this kernel "
                                                                "(symbol or kfix.name)"),
                                                 llvm::cl::init(""));
  static llvm::cl::opt<bool> exportLocations(
      "export-cuda-locations",
      llvm::cl::desc("--export-cuda: a // file:line:col comment per statement"),
      llvm::cl::init(false));
  static llvm::cl::opt<bool> exportNoInline(
      "export-cuda-no-inline",
      llvm::cl::desc("--export-cuda: a named temporary for every SSA value"),
      llvm::cl::init(false));
  static TranslateFromMLIRRegistration exportCuda(
      "export-cuda", "write the kernels as CUDA C++ (a drop-in .cu)",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        ExportOptions options;
        options.kernel = exportKernel;
        options.locationComments = exportLocations;
        options.inlineExpressions = !exportNoInline;
        return exportCUDA(module, os, options);
      },
      [](DialectRegistry &registry) { kfix::registerAllDialects(registry); });
}
