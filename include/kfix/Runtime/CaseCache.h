//===- CaseCache.h - each validation case's inputs and reference once -*- C++ -*-===//
//
// A repair search validates many candidates against the same cases: the same
// sizes, seeds and inputs, the same reference. Drawing a case's inputs (1M
// normals) and running the reference costs more than running a candidate that
// takes microseconds on the GPU. A CaseCache keeps, per case, the inputs as
// drawn and the reference's outputs, so that `validate` runs only the
// candidate for a case it has met before.
//
//   key = the reference (each reference kernel's compile-cache key, i.e. its
//         module's content, and its launch geometry; or a command's argv)
//       + the case (size index, seed, every parameter's role, dtype, resolved
//         shape or value and input specification)
//
// A case is cached only when the reference's kernels came from a compile
// cache (their content is known). Entries are immutable and shared; the cache
// holds at most `maxBytes` of buffers, dropping the least recently used entry.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_CASECACHE_H
#define KFIX_RUNTIME_CASECACHE_H

#include "kfix/Runtime/Buffer.h"

#include "llvm/Support/JSON.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kfix {

/// One case as the reference saw it.
struct CachedCase {
  /// Every parameter's buffer before the launches (inputs drawn, outputs
  /// poisoned); empty for scalars.
  std::vector<Buffer> inputs;
  /// The buffers after the reference's launches.
  std::vector<Buffer> reference;
  double referenceMs = 0;
  uint64_t bytes() const;
};

struct CaseCacheStats {
  uint64_t hits = 0, misses = 0, evictions = 0;
  uint64_t entries = 0, bytes = 0;
  llvm::json::Value toJSON() const;
};

class CaseCache {
public:
  /// `maxBytes` 0: an eighth of availableHostBytes(), at most 2 GiB;
  /// KFIX_CASE_CACHE=0|off disables it (find always misses, insert drops).
  explicit CaseCache(uint64_t maxBytes = 0);
  ~CaseCache();
  CaseCache(const CaseCache &) = delete;
  CaseCache &operator=(const CaseCache &) = delete;

  std::shared_ptr<const CachedCase> find(const std::string &key);
  void insert(const std::string &key, std::shared_ptr<const CachedCase> c);
  CaseCacheStats stats() const;
  bool enabled() const { return on; }

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
  bool on = true;
};

} // namespace kfix

#endif
