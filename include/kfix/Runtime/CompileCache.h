//===- CompileCache.h - compile each candidate once -------------*- C++ -*-===//
//
// A repair search runs one candidate many times: screening, the full
// validation, every dynamic check of the integrity gate, the diagnosis. A
// `CachingExecutor` wraps the session's executor and compiles each
// (module, kernel, target options) once:
//
//   key = xxh3-128 of the module printed with its locations (fault messages,
//         site tables and `kfix.host_locs` carry them)
//       + the kernel's name + Executor::compileOptionsKey()
//
// The key is the module's content, not its address: a clone of a module is a
// hit, any change (an op, an attribute, a location) is a miss. An instrumented
// variant prints differently, so it is its own entry, keyed by its
// instrumentation. Failed compiles are cached too (their error).
//
// Entries own the wrapped executor's compiled kernels, which stay warm: the
// CPU executor's JIT engine, the CUDA executor's PTX (whose CUmodule the CUDA
// worker keeps loaded, CudaLaunch.cpp). Every handle `compile` returns shares
// its entry; launches through the handles of one entry are serialized. The
// cache holds at most `maxEntries` entries and `maxBytes` of
// CompiledKernel::footprintBytes(); past either the least recently used entry
// is dropped (handles still held keep their kernel alive).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_COMPILECACHE_H
#define KFIX_RUNTIME_COMPILECACHE_H

#include "kfix/Runtime/Executor.h"

#include "llvm/Support/JSON.h"
#include <cstdint>
#include <memory>
#include <string>

namespace kfix {

struct CompileCacheOptions {
  /// false: every compile runs (counted all the same).
  bool enabled = true;
  size_t maxEntries = 64;
  uint64_t maxBytes = uint64_t(512) << 20;

  /// The defaults, changed by KFIX_COMPILE_CACHE=0|off (disabled) and
  /// KFIX_COMPILE_CACHE_ENTRIES=N; maxBytes is at most an eighth of
  /// availableHostBytes() (MemoryBudget.h).
  static CompileCacheOptions fromEnvironment();
};

struct CompileCacheStats {
  /// Compiles the wrapped executor ran (failed ones included).
  uint64_t compiles = 0;
  /// Compiles answered from the cache.
  uint64_t hits = 0;
  /// Compiles that failed (the error is cached).
  uint64_t failures = 0;
  uint64_t evictions = 0;
  /// Milliseconds in the wrapped executor's compiles, and printing and
  /// hashing modules for keys.
  double compileMs = 0, keyMs = 0;
  /// Entries held now and their footprint.
  uint64_t entries = 0, bytes = 0;
  llvm::json::Value toJSON() const;
};

class CachingExecutor : public Executor {
public:
  explicit CachingExecutor(std::unique_ptr<Executor> inner,
                           CompileCacheOptions options = CompileCacheOptions::fromEnvironment());
  ~CachingExecutor() override;

  llvm::StringRef name() const override { return inner->name(); }
  std::string compileOptionsKey() const override { return inner->compileOptionsKey(); }
  unsigned computeCapability() const override { return inner->computeCapability(); }
  std::unique_ptr<CompiledKernel> compile(mlir::ModuleOp module, llvm::StringRef kernel,
                                          std::string &error) override;

  CompileCacheStats stats() const;
  /// Compiles the wrapped executor ran for `kernel` of a module with this
  /// content, over the cache's life (evicted entries included).
  unsigned compilesOf(mlir::ModuleOp module, llvm::StringRef kernel) const;
  const CompileCacheOptions &options() const { return opts; }
  Executor &underlying() { return *inner; }

  /// The module part of the key: 32 hex digits of the xxh3-128 hash of the
  /// module printed with its locations.
  static std::string moduleFingerprint(mlir::ModuleOp module);

private:
  struct Impl;
  std::unique_ptr<Executor> inner;
  CompileCacheOptions opts;
  std::unique_ptr<Impl> impl;
};

} // namespace kfix

#endif
