//===- RegisterExecutors.cpp - make the executors known to `kfix run` -----===//
//
// lib/Driver is linked whole, so this static initializer always runs and pulls
// in the executor libraries that CMake found (KFIX_HAVE_*_EXECUTOR, set in
// lib/Driver/CMakeLists.txt when the target exists).
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/Outputs.h"
#include "kfix/Export/ExportCUDA.h"
#include "kfix/Frontend/ImportCUDA.h"
#include "kfix/Runtime/KernelSource.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "kfix/Runtime/ExecutorRegistry.h"

/// Lifts every kernel of a file; a template instantiation the file does not
/// instantiate itself (e.g. "scale<half>" named by a task) is lifted on its
/// own and added to the module.
static mlir::OwningOpRef<mlir::ModuleOp> importForKernels(mlir::MLIRContext &ctx,
                                                          llvm::StringRef path,
                                                          llvm::ArrayRef<std::string> kernels) {
  kfix::ImportOptions opts;
  std::string errors;
  auto module = kfix::importCUDA(ctx, path, opts, errors);
  size_t next = 0;
  if (!module && !kernels.empty()) {
    // A file whose kernels are all templates that nothing instantiates: lift
    // the named instantiation first.
    opts.kernel = kernels.front();
    std::string again;
    module = kfix::importCUDA(ctx, path, opts, again);
    next = 1;
    // The instantiation's own error (a construct it cannot lift), not the
    // first attempt's "no kernel".
    if (!module)
      errors = again;
  }
  if (!module) {
    mlir::emitError(mlir::UnknownLoc::get(&ctx)) << llvm::StringRef(errors).rtrim();
    return nullptr;
  }
  for (const std::string &k : kernels.drop_front(next)) {
    if (kfix::findKernel(*module, k))
      continue;
    kfix::ImportOptions one;
    one.kernel = k;
    std::string err;
    auto extra = kfix::importCUDA(ctx, path, one, err);
    if (!extra) {
      mlir::emitError(mlir::UnknownLoc::get(&ctx)) << llvm::StringRef(err).rtrim();
      return nullptr;
    }
    auto dst = *module->getOps<mlir::gpu::GPUModuleOp>().begin();
    for (auto src : extra->getOps<mlir::gpu::GPUModuleOp>())
      for (mlir::Operation &op : llvm::make_early_inc_range(src.getBody()->getOperations()))
        if (auto f = llvm::dyn_cast<mlir::gpu::GPUFuncOp>(op))
          if (!dst.lookupSymbol(f.getName()))
            f->moveBefore(dst.getBody(), dst.getBody()->end());
  }
  return module;
}

static bool registerExecutors() {
#ifdef KFIX_HAVE_CPU_EXECUTOR
  kfix::registerExecutorFactory("cpu", [](std::string &) { return kfix::createCpuExecutor(); });
#endif
#ifdef KFIX_HAVE_CUDA_EXECUTOR
  kfix::registerExecutorFactory("cuda",
                                [](std::string &why) { return kfix::createCudaExecutor(why); });
#endif
  // `kfix run/diagnose/debug` lift .cu candidates and references through the
  // frontend.
  kfix::setCudaImporter(
      [](mlir::MLIRContext &ctx, llvm::StringRef path, llvm::ArrayRef<std::string> kernels) {
        return importForKernels(ctx, path, kernels);
      });
  // The agent writes repaired.cu through the exporter.
  kfix::setCudaExporter([](mlir::ModuleOp m, llvm::raw_ostream &os) {
    return kfix::exportCUDA(m, os, kfix::ExportOptions());
  });
  return true;
}

static bool registered = registerExecutors();
