//===- MemoryBudget.cpp - allocations checked against what the machine has -===//
#include "kfix/Runtime/MemoryBudget.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>
#include <unistd.h>

using namespace kfix;
using llvm::StringRef;

/// "MemAvailable:   22931480 kB" from /proc/meminfo.
static std::optional<uint64_t> memAvailable() {
  auto buf = llvm::MemoryBuffer::getFileAsStream("/proc/meminfo");
  if (!buf)
    return std::nullopt;
  StringRef text = (*buf)->getBuffer();
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    if (!line.consume_front("MemAvailable:"))
      continue;
    line = line.trim();
    uint64_t kb = 0;
    if (line.consume_back("kB") && !line.trim().getAsInteger(10, kb))
      return kb * 1024;
  }
  return std::nullopt;
}

/// The process's current virtual size (/proc/self/statm, first field, pages).
static std::optional<uint64_t> virtualSize() {
  auto buf = llvm::MemoryBuffer::getFileAsStream("/proc/self/statm");
  if (!buf)
    return std::nullopt;
  uint64_t pages = 0;
  if ((*buf)->getBuffer().split(' ').first.getAsInteger(10, pages))
    return std::nullopt;
  return pages * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

static std::optional<uint64_t> parseSize(StringRef s) {
  s = s.trim();
  uint64_t mult = 1;
  if (!s.empty()) {
    char c = llvm::toLower(s.back());
    if (c == 'k' || c == 'm' || c == 'g' || c == 't') {
      mult = c == 'k' ? 1ull << 10 : c == 'm' ? 1ull << 20 : c == 'g' ? 1ull << 30 : 1ull << 40;
      s = s.drop_back();
    }
  }
  uint64_t v = 0;
  if (s.empty() || s.getAsInteger(10, v) || v > UINT64_MAX / mult)
    return std::nullopt;
  return v * mult;
}

std::optional<uint64_t> kfix::availableHostBytes() {
  std::optional<uint64_t> avail = memAvailable();
  auto cap = [&](uint64_t v) { avail = avail ? std::min(*avail, v) : v; };
  for (int which : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit rl;
    if (getrlimit(which, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
      continue;
    uint64_t used = virtualSize().value_or(0);
    cap(rl.rlim_cur > used ? rl.rlim_cur - used : 0);
  }
  if (auto env = llvm::sys::Process::GetEnv("KFIX_HOST_MEMORY_LIMIT"))
    if (auto v = parseSize(*env))
      cap(*v);
  return avail;
}

std::string kfix::formatBytes(uint64_t bytes) {
  static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  unsigned u = 0;
  while (v >= 1024 && u + 1 < std::size(units)) {
    v /= 1024;
    ++u;
  }
  char buf[32];
  if (u == 0)
    snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
  else
    snprintf(buf, sizeof buf, v < 10 ? "%.1f %s" : "%.0f %s", v, units[u]);
  return buf;
}

llvm::Error kfix::checkHostBytes(uint64_t bytes, const llvm::Twine &what) {
  std::optional<uint64_t> avail = availableHostBytes();
  if (!avail || bytes <= *avail)
    return llvm::Error::success();
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 what + " needs " + formatBytes(bytes) + " of host memory, " +
                                     formatBytes(*avail) + " available");
}

std::optional<uint64_t> kfix::bufferBytes(const std::vector<int64_t> &shape, size_t elementSize) {
  uint64_t n = elementSize;
  for (int64_t d : shape) {
    if (d < 0)
      return std::nullopt;
    if (d != 0 && n > (uint64_t(INT64_MAX) / static_cast<uint64_t>(d)))
      return std::nullopt;
    n *= static_cast<uint64_t>(d);
  }
  return n;
}
