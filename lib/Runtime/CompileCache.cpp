//===- CompileCache.cpp - compile each candidate once ---------------------===//
#include "kfix/Runtime/CompileCache.h"
#include "kfix/Runtime/Deadline.h"

#include "kfix/Runtime/MemoryBudget.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <list>
#include <mutex>

using namespace kfix;

namespace {
using Clock = std::chrono::steady_clock;

/// One compile: the wrapped executor's kernel, or the error it gave.
struct Entry {
  std::string key;
  std::unique_ptr<CompiledKernel> kernel;
  std::string error;
  /// Launches through the handles of one entry are serialized: a
  /// CompiledKernel is not launched from two threads at once (Executor.h).
  std::mutex launchMutex;
};

/// What `compile` hands out: a share of an entry.
class CachedKernel : public CompiledKernel {
public:
  CachedKernel(std::shared_ptr<Entry> entry, bool hit) : entry(std::move(entry)), hit(hit) {}

  ExecResult launch(const LaunchConfig &cfg, llvm::MutableArrayRef<KernelArg> args,
                    const ExecOptions &opts) override {
    std::lock_guard<std::mutex> lock(entry->launchMutex);
    return entry->kernel->launch(cfg, args, opts);
  }
  /// A hit cost no compile.
  double compileMs() const override { return hit ? 0 : entry->kernel->compileMs(); }
  uint64_t footprintBytes() const override { return entry->kernel->footprintBytes(); }
  bool fromCache() const override { return hit; }
  std::string contentKey() const override { return entry->key; }

private:
  std::shared_ptr<Entry> entry;
  bool hit;
};
} // namespace

struct CachingExecutor::Impl {
  mutable std::mutex m;
  /// Most recently used first.
  std::list<std::shared_ptr<Entry>> lru;
  llvm::StringMap<std::list<std::shared_ptr<Entry>>::iterator> byKey;
  /// Compiles run per key, evicted entries included.
  llvm::StringMap<unsigned> compiles;
  CompileCacheStats stats;

  uint64_t footprint(const Entry &e) const {
    return e.key.size() + e.error.size() + (e.kernel ? e.kernel->footprintBytes() : 0);
  }

  /// Drops least recently used entries (never the most recent one) until the
  /// bounds hold. Footprints are read again: a kernel's grows with its first
  /// launches (fiber stacks).
  void evict(const CompileCacheOptions &o) {
    uint64_t bytes = 0;
    for (const auto &e : lru)
      bytes += footprint(*e);
    while (lru.size() > 1 && (lru.size() > o.maxEntries || bytes > o.maxBytes)) {
      std::shared_ptr<Entry> last = lru.back();
      bytes -= std::min(bytes, footprint(*last));
      byKey.erase(last->key);
      lru.pop_back();
      ++stats.evictions;
    }
    stats.entries = lru.size();
    stats.bytes = bytes;
  }
};

CompileCacheOptions CompileCacheOptions::fromEnvironment() {
  CompileCacheOptions o;
  if (auto v = llvm::sys::Process::GetEnv("KFIX_COMPILE_CACHE"))
    o.enabled = !(*v == "0" || llvm::StringRef(*v).equals_insensitive("off"));
  if (auto v = llvm::sys::Process::GetEnv("KFIX_COMPILE_CACHE_ENTRIES")) {
    unsigned long long n = 0;
    if (!llvm::getAsUnsignedInteger(*v, 10, n) && n > 0)
      o.maxEntries = static_cast<size_t>(n);
  }
  if (std::optional<uint64_t> avail = availableHostBytes())
    o.maxBytes = std::max<uint64_t>(std::min(o.maxBytes, *avail / 8), uint64_t(16) << 20);
  return o;
}

llvm::json::Value CompileCacheStats::toJSON() const {
  return llvm::json::Object{{"compiles", static_cast<int64_t>(compiles)},
                            {"hits", static_cast<int64_t>(hits)},
                            {"failures", static_cast<int64_t>(failures)},
                            {"evictions", static_cast<int64_t>(evictions)},
                            {"entries", static_cast<int64_t>(entries)},
                            {"bytes", static_cast<int64_t>(bytes)},
                            {"compile_ms", compileMs},
                            {"key_ms", keyMs}};
}

CachingExecutor::CachingExecutor(std::unique_ptr<Executor> inner, CompileCacheOptions options)
    : inner(std::move(inner)), opts(options), impl(std::make_unique<Impl>()) {}

CachingExecutor::~CachingExecutor() = default;

std::string CachingExecutor::moduleFingerprint(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, mlir::OpPrintingFlags().enableDebugInfo(/*enable=*/true,
                                                            /*prettyForm=*/false));
  llvm::XXH128_hash_t h = llvm::xxh3_128bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(text.data()), text.size()));
  return llvm::formatv("{0:x-16}{1:x-16}", h.high64, h.low64).str();
}

static std::string makeKey(llvm::StringRef fingerprint, llvm::StringRef kernel,
                           llvm::StringRef options) {
  return (fingerprint + "\x1f" + kernel + "\x1f" + options).str();
}

std::unique_ptr<CompiledKernel>
CachingExecutor::compile(mlir::ModuleOp module, llvm::StringRef kernel, std::string &error) {
  auto keyStart = Clock::now();
  std::string key = makeKey(moduleFingerprint(module), kernel, inner->compileOptionsKey());
  double keyMs = msSince(keyStart);

  std::lock_guard<std::mutex> lock(impl->m);
  impl->stats.keyMs += keyMs;
  if (opts.enabled) {
    auto it = impl->byKey.find(key);
    if (it != impl->byKey.end()) {
      std::shared_ptr<Entry> e = *it->second;
      impl->lru.splice(impl->lru.begin(), impl->lru, it->second);
      ++impl->stats.hits;
      if (!e->kernel) {
        error = e->error;
        return nullptr;
      }
      return std::make_unique<CachedKernel>(std::move(e), /*hit=*/true);
    }
  }

  // A miss: the wrapped executor compiles (under the lock, so that two
  // threads never compile one key twice).
  auto start = Clock::now();
  std::string err;
  std::unique_ptr<CompiledKernel> k = inner->compile(module, kernel, err);
  impl->stats.compileMs += msSince(start);
  ++impl->stats.compiles;
  ++impl->compiles[key];
  if (!k)
    ++impl->stats.failures;
  if (!opts.enabled) {
    if (!k)
      error = std::move(err);
    return k;
  }
  auto e = std::make_shared<Entry>();
  e->key = key;
  e->kernel = std::move(k);
  e->error = err;
  impl->lru.push_front(e);
  impl->byKey[key] = impl->lru.begin();
  impl->evict(opts);
  if (!e->kernel) {
    error = std::move(err);
    return nullptr;
  }
  return std::make_unique<CachedKernel>(std::move(e), /*hit=*/false);
}

CompileCacheStats CachingExecutor::stats() const {
  std::lock_guard<std::mutex> lock(impl->m);
  CompileCacheStats s = impl->stats;
  s.entries = impl->lru.size();
  s.bytes = 0;
  for (const auto &e : impl->lru)
    s.bytes += impl->footprint(*e);
  return s;
}

unsigned CachingExecutor::compilesOf(mlir::ModuleOp module, llvm::StringRef kernel) const {
  std::string key = makeKey(moduleFingerprint(module), kernel, inner->compileOptionsKey());
  std::lock_guard<std::mutex> lock(impl->m);
  return impl->compiles.lookup(key);
}
