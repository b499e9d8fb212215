//===- CaseCache.cpp - each validation case's inputs and reference once ---===//
#include "kfix/Runtime/CaseCache.h"
#include "kfix/Runtime/MemoryBudget.h"

#include "llvm/ADT/StringMap.h"
#include <cstdlib>
#include <cstring>
#include <list>
#include <mutex>

using namespace kfix;

uint64_t CachedCase::bytes() const {
  uint64_t n = 0;
  for (const Buffer &b : inputs)
    n += b.bytes();
  for (const Buffer &b : reference)
    n += b.bytes();
  return n;
}

llvm::json::Value CaseCacheStats::toJSON() const {
  return llvm::json::Object{{"hits", int64_t(hits)},
                            {"misses", int64_t(misses)},
                            {"evictions", int64_t(evictions)},
                            {"entries", int64_t(entries)},
                            {"bytes", int64_t(bytes)}};
}

struct CaseCache::Impl {
  mutable std::mutex m;
  uint64_t maxBytes = 0;
  /// Most recently used first.
  std::list<std::pair<std::string, std::shared_ptr<const CachedCase>>> lru;
  llvm::StringMap<decltype(lru)::iterator> byKey;
  CaseCacheStats stats;

  void evict() {
    while (stats.bytes > maxBytes && !lru.empty()) {
      auto &last = lru.back();
      stats.bytes -= last.second->bytes();
      byKey.erase(last.first);
      lru.pop_back();
      ++stats.evictions;
    }
  }
};

CaseCache::CaseCache(uint64_t maxBytes) : impl(std::make_unique<Impl>()) {
  if (const char *v = std::getenv("KFIX_CASE_CACHE"))
    on = !(std::strcmp(v, "0") == 0 || std::strcmp(v, "off") == 0);
  if (!maxBytes) {
    maxBytes = uint64_t(2) << 30;
    if (std::optional<uint64_t> avail = availableHostBytes())
      maxBytes = std::min(maxBytes, *avail / 8);
  }
  impl->maxBytes = maxBytes;
}

CaseCache::~CaseCache() = default;

std::shared_ptr<const CachedCase> CaseCache::find(const std::string &key) {
  std::lock_guard<std::mutex> lock(impl->m);
  auto it = on ? impl->byKey.find(key) : impl->byKey.end();
  if (it == impl->byKey.end()) {
    ++impl->stats.misses;
    return nullptr;
  }
  impl->lru.splice(impl->lru.begin(), impl->lru, it->second);
  ++impl->stats.hits;
  return it->second->second;
}

void CaseCache::insert(const std::string &key, std::shared_ptr<const CachedCase> c) {
  if (!on || !c)
    return;
  std::lock_guard<std::mutex> lock(impl->m);
  uint64_t bytes = c->bytes();
  if (bytes > impl->maxBytes || impl->byKey.count(key))
    return;
  impl->lru.emplace_front(key, std::move(c));
  impl->byKey[key] = impl->lru.begin();
  impl->stats.bytes += bytes;
  impl->evict();
}

CaseCacheStats CaseCache::stats() const {
  std::lock_guard<std::mutex> lock(impl->m);
  CaseCacheStats s = impl->stats;
  s.entries = impl->lru.size();
  return s;
}
