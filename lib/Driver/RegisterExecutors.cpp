//===- RegisterExecutors.cpp - make the executors known to `kfix run` -----===//
//
// lib/Driver is linked whole, so this static initializer always runs and pulls
// in the executor libraries that CMake found (KFIX_HAVE_*_EXECUTOR, set in
// lib/Driver/CMakeLists.txt when the target exists).
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/Outputs.h"
#include "kfix/Export/ExportCUDA.h"
#include "kfix/Runtime/ExecutorRegistry.h"

static bool registerExecutors() {
#ifdef KFIX_HAVE_CPU_EXECUTOR
  kfix::registerExecutorFactory("cpu",
                                [](std::string &) { return kfix::createCpuExecutor(); });
#endif
#ifdef KFIX_HAVE_CUDA_EXECUTOR
  kfix::registerExecutorFactory(
      "cuda", [](std::string &why) { return kfix::createCudaExecutor(why); });
#endif
  // The agent writes repaired.cu through the exporter.
  kfix::setCudaExporter([](mlir::ModuleOp m, llvm::raw_ostream &os) {
    return kfix::exportCUDA(m, os, kfix::ExportOptions());
  });
  return true;
}

static bool registered = registerExecutors();
