//===- TraceSink.h - what an executor reports while a kernel runs -*- C++ -*-===//
//
// Executors turn the kfix ops of an instrumented kernel into calls on a TraceSink:
// the CPU executor directly from the JIT-compiled kernel, the CUDA executor by
// decoding the device trace buffer (TraceABI.h) after the launch. Detectors in
// lib/Diagnose (races, write coverage, NaN origin, coverage) implement it.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_TRACESINK_H
#define KFIX_RUNTIME_TRACESINK_H

#include <array>
#include <cstdint>

namespace kfix {

struct ThreadCoord {
  std::array<uint32_t, 3> tid{0, 0, 0};
  std::array<uint32_t, 3> bid{0, 0, 0};
};

/// Values of kfix::CheckKind and kfix::AccessKind (KFixOps.td) as plain integers so
/// that the runtime does not depend on the dialect.
enum class TraceCheckKind : int32_t {
  bounds = 0,
  nan = 1,
  inf = 2,
  divergence = 3,
  assertion = 4,
  overflow = 5
};
enum class TraceAccessKind : int32_t { read = 0, write = 1, atomic = 2 };

class TraceSink {
public:
  virtual ~TraceSink() = default;
  /// A launch begins (once per kernel launch, before any event).
  virtual void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) {}
  /// A kfix.check whose condition was false.
  virtual void onCheck(int64_t site, TraceCheckKind kind, const ThreadCoord &who, int64_t d0,
                       int64_t d1) {}
  /// A kfix.probe.
  virtual void onProbe(int64_t site, const ThreadCoord &who, double value) {}
  /// A kfix.count.
  virtual void onCount(int64_t site, int64_t counter) {}
  /// A kfix.access to element `linear` (row-major) of buffer `arg` (kernel argument
  /// index, or -1 - k for the k-th workgroup/shared buffer).
  virtual void onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                        const ThreadCoord &who) {}
  /// All threads of block `bid` passed barrier number `epoch` (0, 1, ...).
  virtual void onBarrier(std::array<uint32_t, 3> bid, uint64_t epoch) {}
  /// Block `bid` finished.
  virtual void onBlockEnd(std::array<uint32_t, 3> bid) {}

  // Summaries from executors that aggregate on the device (CUDA: TraceABI.h).
  /// `n` increments of a counter at once; by default n calls of onCount.
  virtual void onCountTotal(int64_t site, int64_t counter, uint64_t n) {
    for (uint64_t i = 0; i < n; ++i)
      onCount(site, counter);
  }
  /// A kfix.check site failed `violations` times in all; onCheck got the first
  /// violation only (the CUDA executor keeps one per site).
  virtual void onCheckTotal(int64_t site, TraceCheckKind kind, uint64_t violations) {}
  /// Events the device trace buffer had no room for (probes and accesses past
  /// its capacity, events with a site or counter out of range).
  virtual void onTraceOverflow(uint64_t lostProbes, uint64_t lostAccesses, uint64_t dropped) {}
};

} // namespace kfix

#endif
