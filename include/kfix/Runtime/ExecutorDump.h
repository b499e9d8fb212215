//===- ExecutorDump.h - the IR an executor compiles, for debugging -*- C++ -*-===//
//
// KFIX_DUMP_EXECUTOR_IR=DIR makes every executor compile write what it
// compiled into DIR, as DIR/NNN-KERNEL.STAGE: NNN numbers the compiles of the
// process from 000 (a compile cache hit is no compile), KERNEL is the kernel's
// symbol, STAGE says what the file holds:
//   cpu.in.mlir    the module the CPU executor lowers (one kernel kept)
//   cpu.host.mlir  after kfix-lower-to-host: what it hands to the JIT
//   cuda.in.mlir   the module the CUDA executor lowers (bounds-checked)
//   cuda.ptx       the PTX it loads
// `kfix-opt --kfix-lower-to-host` on the .in.mlir (or on the lifted kernel)
// gives the .host.mlir (test/Pipelines/lower-to-host-executor.test).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_EXECUTORDUMP_H
#define KFIX_RUNTIME_EXECUTORDUMP_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdio>
#include <optional>
#include <string>

namespace kfix {

/// The dump directory (KFIX_DUMP_EXECUTOR_IR), or nullopt.
inline std::optional<std::string> executorDumpDir() {
  std::optional<std::string> dir = llvm::sys::Process::GetEnv("KFIX_DUMP_EXECUTOR_IR");
  if (!dir || dir->empty())
    return std::nullopt;
  return dir;
}

/// The next compile's number.
inline unsigned nextExecutorDumpIndex() {
  static std::atomic<unsigned> next{0};
  return next++;
}

/// Prints a module as `kfix-opt` writes its output (top-level form, then a
/// newline), so that the two can be compared byte for byte.
inline void printLikeKFixOpt(mlir::ModuleOp module, llvm::raw_ostream &os) {
  module->print(os);
  os << "\n";
}

/// Writes DIR/NNN-KERNEL.STAGE with what `print` prints (nothing without
/// KFIX_DUMP_EXECUTOR_IR).
template <typename PrintFn>
void dumpExecutorIR(unsigned index, llvm::StringRef kernel, llvm::StringRef stage, PrintFn print) {
  std::optional<std::string> dir = executorDumpDir();
  if (!dir)
    return;
  std::string name;
  for (char c : kernel)
    name += llvm::isAlnum(c) || c == '_' ? c : '_';
  llvm::sys::fs::create_directories(*dir);
  llvm::SmallString<256> path(*dir);
  char num[16];
  snprintf(num, sizeof num, "%03u", index);
  llvm::sys::path::append(path, std::string(num) + "-" + name + "." + stage.str());
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec)
    print(os);
}

} // namespace kfix

#endif
