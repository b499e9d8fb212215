//===- ExecutorRegistry.h - executors by target name ----------*- C++ -*-===//
//
// The CPU and CUDA executor libraries register a factory under "cpu" and
// "cuda" so that `kfix run --target` finds them without a link dependency from
// the runtime. Registration must run from code that is linked into the tool
// (a static initializer in lib/Driver, which is linked whole, or an explicit
// call), e.g.
//   static bool r = (kfix::registerExecutorFactory("cpu",
//       [](std::string &) { return kfix::createCpuExecutor(); }), true);
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_EXECUTORREGISTRY_H
#define KFIX_RUNTIME_EXECUTORREGISTRY_H

#include "kfix/Runtime/Executor.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kfix {

/// Creates an executor, or returns null and says why (no driver, no device).
using ExecutorFactory = std::function<std::unique_ptr<Executor>(std::string &why)>;

/// Registers (or replaces) the factory of a target.
void registerExecutorFactory(llvm::StringRef target, ExecutorFactory factory);
/// Registered target names, sorted.
std::vector<std::string> registeredExecutors();
/// "cpu", "cuda" or "auto" (cuda when registered and a device answers, else cpu).
/// Null with `why` set when the target is unknown or unavailable.
std::unique_ptr<Executor> createExecutor(llvm::StringRef target, std::string &why);

} // namespace kfix

#endif
