//===- Detectors.h - TraceSinks that turn launch events into findings -*- C++ -*-===//
//
// Executors call these during a launch (see Runtime/TraceSink.h); afterwards
// findings() summarizes what was seen. State is per launch: onLaunch clears
// it. All state is bounded by the options; what was dropped is reported.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_DIAGNOSE_DETECTORS_H
#define KFIX_DIAGNOSE_DETECTORS_H

#include "kfix/Diagnose/Finding.h"
#include "kfix/Diagnose/SiteTable.h"

#include "llvm/ADT/DenseMap.h"
#include <map>
#include <memory>
#include <optional>

namespace kfix {

/// Linear ids of threads within a launch, from the launch dimensions.
struct LaunchShape {
  std::array<uint32_t, 3> grid{1, 1, 1};
  std::array<uint32_t, 3> block{1, 1, 1};
  uint64_t threadsPerBlock() const { return uint64_t(block[0]) * block[1] * block[2]; }
  uint64_t blockLinear(const std::array<uint32_t, 3> &b) const {
    return (uint64_t(b[2]) * grid[1] + b[1]) * grid[0] + b[0];
  }
  uint64_t threadInBlock(const ThreadCoord &t) const {
    return (uint64_t(t.tid[2]) * block[1] + t.tid[1]) * block[0] + t.tid[0];
  }
  uint64_t threadLinear(const ThreadCoord &t) const {
    return blockLinear(t.bid) * threadsPerBlock() + threadInBlock(t);
  }
  ThreadCoord coordOf(uint64_t linear) const;
};

//===----------------------------------------------------------------------===//
// Races
//===----------------------------------------------------------------------===//

struct RaceOptions {
  /// Shared elements tracked per block and barrier interval.
  size_t maxSharedElementsPerBlock = 1 << 16;
  /// Global elements tracked per launch.
  size_t maxGlobalElements = 1 << 21;
  /// Distinct site pairs reported (per memory kind).
  size_t maxPairs = 64;
  /// Reads of not-yet-written shared elements held per block until its next
  /// barrier.
  size_t maxPendingReads = 1 << 14;
  /// Blocks whose accesses are checked (0: all). A launch with more blocks is
  /// checked on a deterministic sample: the first half of this many blocks, the
  /// last quarter, and an even stride through the rest. Neighbouring blocks stay
  /// together, so overlaps between adjacent blocks' writes are still seen; the
  /// findings say how many blocks were checked.
  uint64_t maxBlocks = 4096;
};

/// Shared memory: conflicting accesses (write/write, read/write, plain vs
/// atomic) by different threads of one block within one barrier interval.
/// Global memory: elements written by more than one thread, not all atomically.
/// Each finding names the PAIR of source sites and an example.
class RaceDetector : public TraceSink {
public:
  explicit RaceDetector(const SiteTable *sites = nullptr, RaceOptions options = {});
  ~RaceDetector() override;
  void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) override;
  void onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                const ThreadCoord &who) override;
  void onBarrier(std::array<uint32_t, 3> bid, uint64_t epoch) override;
  void onBlockEnd(std::array<uint32_t, 3> bid) override;
  /// Records the device trace lost: a read of an element whose write was
  /// lost would look uninitialized, so no uninit-shared-read is reported.
  void onTraceOverflow(uint64_t lostProbes, uint64_t lostAccesses, uint64_t dropped) override;

  std::vector<Finding> findings() const;
  bool hasRace() const;

  struct Impl;

private:
  const SiteTable *sites;
  RaceOptions options;
  std::unique_ptr<Impl> impl;
};

//===----------------------------------------------------------------------===//
// Output write coverage
//===----------------------------------------------------------------------===//

/// A kernel-parameter buffer whose writes are tracked.
struct OutputSpec {
  int32_t arg = 0;  ///< kernel argument index
  std::string name; ///< parameter name for messages
  int64_t numel = 0;
};

struct OutputCoverage {
  int64_t numel = 0, tracked = 0;
  int64_t written = 0, unwritten = 0;
  int64_t multiWriter = 0;   ///< elements written by more than one thread (not atomically)
  int64_t rewritten = 0;     ///< elements written more than once by one thread
  int64_t atomicWritten = 0; ///< elements updated atomically
  int64_t outOfRange = 0;    ///< writes at or past numel
};

/// Per output: elements never written, elements written by several threads.
class WriteCoverageTracker : public TraceSink {
public:
  WriteCoverageTracker(std::vector<OutputSpec> outputs, const SiteTable *sites = nullptr,
                       int64_t maxTrackedPerOutput = int64_t(1) << 23);
  ~WriteCoverageTracker() override;
  void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) override;
  void onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                const ThreadCoord &who) override;

  std::vector<Finding> findings() const;
  std::optional<OutputCoverage> coverage(int32_t arg) const;
  /// 1 for each element written (plainly or atomically), 0 otherwise; elements
  /// past the tracked prefix are 1 (unknown). Empty for untracked arguments.
  std::vector<uint8_t> writtenMask(int32_t arg) const;

  struct Impl;

private:
  const SiteTable *sites;
  std::unique_ptr<Impl> impl;
};

//===----------------------------------------------------------------------===//
// Input read coverage
//===----------------------------------------------------------------------===//

/// Per input buffer: which elements a launch read, and at which sites (the
/// records of kfix-instrument-races{input-reads}). An input read only in small
/// part (`bias[row]` where `bias[c]` was meant, a batch stride too small)
/// points at the indices of the reads that cover it.
class ReadCoverageTracker : public TraceSink {
public:
  ReadCoverageTracker(std::vector<OutputSpec> inputs, const SiteTable *sites = nullptr,
                      int64_t maxTrackedPerInput = int64_t(1) << 23);
  ~ReadCoverageTracker() override;
  void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) override;
  void onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                const ThreadCoord &who) override;

  /// A "partly-read-input" warning for each input (of at least 32 elements,
  /// all tracked) some of which but at most `maxShare` of which were read.
  std::vector<Finding> findings(double maxShare = 0.75) const;
  /// Elements read of a tracked input (-1 when the argument is not tracked).
  int64_t readCount(int32_t arg) const;

  struct Impl;

private:
  const SiteTable *sites;
  std::unique_ptr<Impl> impl;
};

//===----------------------------------------------------------------------===//
// NaN origin
//===----------------------------------------------------------------------===//

/// Collects failed `kfix.check nan|inf` (kfix-instrument-nan): per site the
/// number of firings and the first thread; the site that fired first is the
/// origin of the non-finite values.
class NanOriginDetector : public TraceSink {
public:
  explicit NanOriginDetector(const SiteTable *sites = nullptr) : sites(sites) {}
  void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) override;
  void onCheck(int64_t site, TraceCheckKind kind, const ThreadCoord &who, int64_t d0,
               int64_t d1) override;
  std::vector<Finding> findings() const;
  /// Site of the first firing check, if any.
  std::optional<int64_t> originSite() const;

private:
  struct SiteState {
    TraceCheckKind kind;
    uint64_t firstSeq = 0, count = 0;
    ThreadCoord first;
  };
  const SiteTable *sites;
  std::map<int64_t, SiteState> perSite;
  uint64_t seq = 0;
};

//===----------------------------------------------------------------------===//
// Signed integer overflow
//===----------------------------------------------------------------------===//

/// Collects failed `kfix.check overflow` (kfix-instrument-overflow): per site
/// the number of overflowing evaluations and the first one's thread and
/// operands.
class OverflowDetector : public TraceSink {
public:
  explicit OverflowDetector(const SiteTable *sites = nullptr) : sites(sites) {}
  void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) override;
  void onCheck(int64_t site, TraceCheckKind kind, const ThreadCoord &who, int64_t d0,
               int64_t d1) override;
  void onCheckTotal(int64_t site, TraceCheckKind kind, uint64_t violations) override;
  std::vector<Finding> findings() const;

private:
  struct SiteState {
    uint64_t firstSeq = 0, count = 0, total = 0;
    ThreadCoord first;
    int64_t lhs = 0, rhs = 0;
  };
  const SiteTable *sites;
  std::map<int64_t, SiteState> perSite;
  uint64_t seq = 0;
};

//===----------------------------------------------------------------------===//
// Coverage
//===----------------------------------------------------------------------===//

/// Per-site counters of `kfix.count` (kfix-instrument-coverage): branch sides
/// never taken, loops reached but never iterating.
class CoverageTracker : public TraceSink {
public:
  explicit CoverageTracker(const SiteTable *sites = nullptr) : sites(sites) {}
  void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) override;
  void onCount(int64_t site, int64_t counter) override;
  uint64_t count(int64_t site, int64_t counter) const;
  /// Findings for never-taken sides (needs the site table to know which
  /// sites are branches and which loops) plus one "coverage" summary.
  std::vector<Finding> findings() const;

private:
  const SiteTable *sites;
  std::map<int64_t, std::map<int64_t, uint64_t>> counters;
};

//===----------------------------------------------------------------------===//
// Probes
//===----------------------------------------------------------------------===//

/// Values recorded by `kfix.probe` (kfix-instrument-probe): per site count,
/// min/max/mean, NaN/Inf counts and the first samples with their threads.
class ProbeRecorder : public TraceSink {
public:
  explicit ProbeRecorder(const SiteTable *sites = nullptr, size_t samplesPerSite = 32)
      : sites(sites), samplesPerSite(samplesPerSite) {}
  void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) override;
  void onProbe(int64_t site, const ThreadCoord &who, double value) override;
  std::vector<Finding> findings() const;

  struct Sample {
    ThreadCoord who;
    double value;
  };
  struct Stats {
    uint64_t count = 0, nans = 0, infs = 0;
    double min = 0, max = 0, sum = 0;
    std::vector<Sample> samples;
  };
  const Stats *stats(int64_t site) const;

private:
  const SiteTable *sites;
  size_t samplesPerSite;
  std::map<int64_t, Stats> perSite;
};

//===----------------------------------------------------------------------===//

/// Forwards every event to several sinks (an executor takes one).
class TraceSinkMux : public TraceSink {
public:
  TraceSinkMux() = default;
  explicit TraceSinkMux(std::vector<TraceSink *> sinks) : sinks(std::move(sinks)) {}
  void add(TraceSink *sink) { sinks.push_back(sink); }
  void onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) override {
    for (TraceSink *s : sinks)
      s->onLaunch(grid, block);
  }
  void onCheck(int64_t site, TraceCheckKind kind, const ThreadCoord &who, int64_t d0,
               int64_t d1) override {
    for (TraceSink *s : sinks)
      s->onCheck(site, kind, who, d0, d1);
  }
  void onProbe(int64_t site, const ThreadCoord &who, double value) override {
    for (TraceSink *s : sinks)
      s->onProbe(site, who, value);
  }
  void onCount(int64_t site, int64_t counter) override {
    for (TraceSink *s : sinks)
      s->onCount(site, counter);
  }
  void onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                const ThreadCoord &who) override {
    for (TraceSink *s : sinks)
      s->onAccess(site, kind, arg, linear, who);
  }
  void onBarrier(std::array<uint32_t, 3> bid, uint64_t epoch) override {
    for (TraceSink *s : sinks)
      s->onBarrier(bid, epoch);
  }
  void onBlockEnd(std::array<uint32_t, 3> bid) override {
    for (TraceSink *s : sinks)
      s->onBlockEnd(bid);
  }
  void onCheckTotal(int64_t site, TraceCheckKind kind, uint64_t violations) override {
    for (TraceSink *s : sinks)
      s->onCheckTotal(site, kind, violations);
  }
  void onTraceOverflow(uint64_t lostProbes, uint64_t lostAccesses, uint64_t dropped) override {
    for (TraceSink *s : sinks)
      s->onTraceOverflow(lostProbes, lostAccesses, dropped);
  }

private:
  std::vector<TraceSink *> sinks;
};

} // namespace kfix

#endif
