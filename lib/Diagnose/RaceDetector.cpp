//===- RaceDetector.cpp - shared and global data races from access events -===//
//
// Shared memory: per block, a shadow of the elements accessed since the last
// barrier, holding up to two distinct threads per access kind, which is
// enough to always find a partner from another thread. The shadow is cleared
// at every barrier and when the block ends. Global memory: per element, the
// first plain writer and the first atomic updater over the whole launch.
// Reads of shared elements that no thread of the block has written are
// findings too (uninit-shared-read).
//
//===----------------------------------------------------------------------===//
#include "kfix/Diagnose/Detectors.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Twine.h"
#include <algorithm>

using namespace kfix;

ThreadCoord LaunchShape::coordOf(uint64_t linear) const {
  ThreadCoord c;
  uint64_t tpb = std::max<uint64_t>(threadsPerBlock(), 1);
  uint64_t t = linear % tpb, b = linear / tpb;
  c.tid[0] = t % block[0];
  c.tid[1] = (t / block[0]) % block[1];
  c.tid[2] = t / (uint64_t(block[0]) * block[1]);
  c.bid[0] = b % grid[0];
  c.bid[1] = (b / grid[0]) % grid[1];
  c.bid[2] = b / (uint64_t(grid[0]) * grid[1]);
  return c;
}

namespace {

struct Touch {
  uint64_t thread = 0; ///< linear id within the launch
  int64_t site = -1;
};

/// Up to two touches by distinct threads.
struct TouchPair {
  Touch t[2];
  uint8_t n = 0;
  /// A recorded touch by a thread other than `thread`, if any.
  const Touch *other(uint64_t thread) const {
    for (unsigned i = 0; i < n; ++i)
      if (t[i].thread != thread)
        return &t[i];
    return nullptr;
  }
  void add(uint64_t thread, int64_t site) {
    for (unsigned i = 0; i < n; ++i)
      if (t[i].thread == thread)
        return;
    if (n < 2)
      t[n++] = Touch{thread, site};
  }
};

struct SharedElem {
  TouchPair reads, writes, atomics;
};

/// A read of a shared element no thread of the block had written yet.
struct PendingRead {
  uint64_t key;
  int64_t site;
  uint64_t thread;
  int32_t arg;
  int64_t linear;
};

struct BlockShadow {
  uint64_t epoch = 0;
  llvm::DenseMap<uint64_t, SharedElem> elems;
  /// The elements written (or updated atomically) since the block began:
  /// not cleared at barriers.
  llvm::DenseSet<uint64_t> written;
  /// Reads of elements not in `written` when they ran, settled at the next
  /// barrier: an element written later in the same interval was a race (the
  /// executor ran the reader first), not a read of what no thread wrote.
  std::vector<PendingRead> pending;
};

/// Reads of never-written shared elements at one site.
struct UninitRead {
  int32_t arg;
  int64_t element;
  uint64_t thread;
  int64_t count = 0;
};

struct GlobalElem {
  Touch writer, atomic;
  bool hasWriter = false, hasAtomic = false, reported = false;
};

/// One reported conflict between two sites, with its first example.
struct Conflict {
  int64_t siteA, siteB;
  std::string what; ///< "write/write", "read/write", ...
  int32_t arg;
  int64_t element;
  uint64_t threadA, threadB;
  uint64_t epoch;
  int64_t count = 0;
  bool allSameWarp = true;
};

uint64_t elemKey(int32_t arg, int64_t linear) {
  // Buffers by index in the top 16 bits, the element in the low 48.
  return (uint64_t(uint16_t(int16_t(arg))) << 48) | (uint64_t(linear) & ((1ull << 48) - 1));
}

const char *kindName(TraceAccessKind k) {
  switch (k) {
  case TraceAccessKind::read:
    return "read";
  case TraceAccessKind::write:
    return "write";
  case TraceAccessKind::atomic:
    return "atomic";
  }
  return "?";
}

} // namespace

struct RaceDetector::Impl {
  LaunchShape shape;
  llvm::DenseMap<uint64_t, BlockShadow> blocks;
  llvm::DenseMap<uint64_t, GlobalElem> global;
  std::map<std::tuple<int64_t, int64_t, std::string>, Conflict> shared, globalPairs;
  std::map<int64_t, UninitRead> uninit;
  bool traceLost = false;
  int64_t droppedShared = 0, droppedGlobal = 0, droppedPairs = 0;

  void settle(BlockShadow &b) {
    for (const PendingRead &p : b.pending) {
      if (b.written.contains(p.key))
        continue;
      auto [it, fresh] = uninit.try_emplace(p.site, UninitRead{p.arg, p.linear, p.thread});
      ++it->second.count;
    }
    b.pending.clear();
  }
  /// Block sampling (RaceOptions::maxBlocks): blocks [0, head) and
  /// [tail, total) and every stride-th block in between are checked.
  uint64_t totalBlocks = 0, head = 0, tail = 0, stride = 1, checkedBlocks = 0;
  bool sampled(uint64_t b) const { return b < head || b >= tail || (b - head) % stride == 0; }

  void conflict(std::map<std::tuple<int64_t, int64_t, std::string>, Conflict> &into,
                size_t maxPairs, const Touch &earlier, TraceAccessKind earlierKind, int64_t site,
                TraceAccessKind kind, uint64_t thread, int32_t arg, int64_t linear,
                uint64_t epoch) {
    std::string what = std::string(kindName(earlierKind)) + "/" + kindName(kind);
    auto key = std::make_tuple(earlier.site, site, what);
    auto it = into.find(key);
    uint64_t tpb = std::max<uint64_t>(shape.threadsPerBlock(), 1);
    bool sameWarp =
        earlier.thread / tpb == thread / tpb && (earlier.thread % tpb) / 32 == (thread % tpb) / 32;
    if (it == into.end()) {
      if (into.size() >= maxPairs) {
        ++droppedPairs;
        return;
      }
      Conflict c{earlier.site, site, what, arg, linear, earlier.thread, thread, epoch};
      it = into.emplace(key, c).first;
    }
    ++it->second.count;
    it->second.allSameWarp &= sameWarp;
  }
};

RaceDetector::RaceDetector(const SiteTable *sites, RaceOptions options)
    : sites(sites), options(options), impl(std::make_unique<Impl>()) {}
RaceDetector::~RaceDetector() = default;

void RaceDetector::onLaunch(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> block) {
  impl = std::make_unique<Impl>();
  Impl &s = *impl;
  s.shape = LaunchShape{grid, block};
  s.totalBlocks = uint64_t(grid[0]) * grid[1] * grid[2];
  s.head = s.tail = s.totalBlocks;
  s.checkedBlocks = s.totalBlocks;
  uint64_t m = options.maxBlocks;
  if (m >= 8 && s.totalBlocks > m) {
    s.head = m / 2;
    s.tail = s.totalBlocks - m / 4;
    uint64_t middle = s.tail - s.head, slots = m - s.head - m / 4;
    s.stride = (middle + slots - 1) / slots;
    s.checkedBlocks = s.head + (s.totalBlocks - s.tail) + (middle + s.stride - 1) / s.stride;
  }
}

void RaceDetector::onBarrier(std::array<uint32_t, 3> bid, uint64_t epoch) {
  uint64_t linear = impl->shape.blockLinear(bid);
  if (!impl->sampled(linear))
    return;
  BlockShadow &b = impl->blocks[linear];
  impl->settle(b);
  b.elems.clear();
  b.epoch = epoch + 1;
}

void RaceDetector::onTraceOverflow(uint64_t, uint64_t lostAccesses, uint64_t dropped) {
  if (lostAccesses || dropped)
    impl->traceLost = true;
}

void RaceDetector::onBlockEnd(std::array<uint32_t, 3> bid) {
  auto it = impl->blocks.find(impl->shape.blockLinear(bid));
  if (it == impl->blocks.end())
    return;
  impl->settle(it->second);
  impl->blocks.erase(it);
}

void RaceDetector::onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                            const ThreadCoord &who) {
  Impl &s = *impl;
  if (!s.sampled(s.shape.blockLinear(who.bid)))
    return;
  uint64_t thread = s.shape.threadLinear(who);
  uint64_t key = elemKey(arg, linear);
  if (arg < 0) {
    BlockShadow &block = s.blocks[s.shape.blockLinear(who.bid)];
    auto it = block.elems.find(key);
    if (it == block.elems.end()) {
      if (block.elems.size() >= options.maxSharedElementsPerBlock) {
        ++s.droppedShared;
        return;
      }
      it = block.elems.try_emplace(key).first;
    }
    SharedElem &e = it->second;
    auto check = [&](const TouchPair &pair, TraceAccessKind pairKind) {
      if (const Touch *t = pair.other(thread))
        s.conflict(s.shared, options.maxPairs, *t, pairKind, site, kind, thread, arg, linear,
                   block.epoch);
    };
    switch (kind) {
    case TraceAccessKind::read:
      check(e.writes, TraceAccessKind::write);
      check(e.atomics, TraceAccessKind::atomic);
      e.reads.add(thread, site);
      if (!block.written.contains(key) && block.pending.size() < options.maxPendingReads)
        block.pending.push_back(PendingRead{key, site, thread, arg, linear});
      break;
    case TraceAccessKind::write:
      check(e.writes, TraceAccessKind::write);
      check(e.reads, TraceAccessKind::read);
      check(e.atomics, TraceAccessKind::atomic);
      e.writes.add(thread, site);
      block.written.insert(key);
      break;
    case TraceAccessKind::atomic:
      check(e.writes, TraceAccessKind::write);
      check(e.reads, TraceAccessKind::read);
      e.atomics.add(thread, site);
      block.written.insert(key);
      break;
    }
    return;
  }
  if (kind == TraceAccessKind::read)
    return; // global read/write ordering is not tracked
  auto it = s.global.find(key);
  if (it == s.global.end()) {
    if (s.global.size() >= options.maxGlobalElements) {
      ++s.droppedGlobal;
      return;
    }
    it = s.global.try_emplace(key).first;
  }
  GlobalElem &e = it->second;
  const Touch *partner = nullptr;
  TraceAccessKind partnerKind = TraceAccessKind::write;
  if (e.hasWriter && e.writer.thread != thread) {
    partner = &e.writer;
  } else if (kind == TraceAccessKind::write && e.hasAtomic && e.atomic.thread != thread) {
    partner = &e.atomic;
    partnerKind = TraceAccessKind::atomic;
  }
  // Count each element once: the first conflicting pair it shows.
  if (partner && !e.reported) {
    e.reported = true;
    s.conflict(s.globalPairs, options.maxPairs, *partner, partnerKind, site, kind, thread, arg,
               linear, 0);
  }
  if (kind == TraceAccessKind::write && !e.hasWriter) {
    e.writer = Touch{thread, site};
    e.hasWriter = true;
  } else if (kind == TraceAccessKind::atomic && !e.hasAtomic) {
    e.atomic = Touch{thread, site};
    e.hasAtomic = true;
  }
}

bool RaceDetector::hasRace() const { return !impl->shared.empty() || !impl->globalPairs.empty(); }

std::vector<Finding> RaceDetector::findings() const {
  std::vector<Finding> out;
  const Impl &s = *impl;
  auto siteOf = [&](int64_t site) { return siteInfo(sites, site); };
  auto make = [&](const Conflict &c, bool isShared) {
    Finding f;
    f.kind = isShared ? "shared-race" : "global-race";
    f.severity = "error";
    f.count = c.count;
    SiteInfo a = siteOf(c.siteA), b = siteOf(c.siteB);
    f.sites = {a, b};
    ThreadCoord ta = s.shape.coordOf(c.threadA), tb = s.shape.coordOf(c.threadB);
    size_t slash = c.what.find('/');
    f.threads = {ThreadExample{ta, c.siteA, c.what.substr(0, slash)},
                 ThreadExample{tb, c.siteB, c.what.substr(slash + 1)}};
    std::string buffer = !b.buffer.empty() ? b.buffer : a.buffer;
    if (buffer.empty())
      buffer =
          isShared ? "shared[" + std::to_string(-1 - c.arg) + "]" : "arg" + std::to_string(c.arg);
    std::string elem = buffer + "[" + std::to_string(c.element) + "]";
    if (isShared) {
      f.message = (llvm::Twine(c.what) + " race on shared " + elem + " between " + a.loc() + " (" +
                   formatThread(ta) + ") and " + b.loc() + " (thread " + formatDim3(tb.tid) +
                   ") in barrier interval " + llvm::Twine(c.epoch) + "; " + llvm::Twine(c.count) +
                   " conflicting access(es)" +
                   (c.allSameWarp ? "; all within one warp: relies on implicit warp "
                                    "synchrony (missing __syncwarp/__syncthreads)"
                                  : "; missing __syncthreads between them?"))
                      .str();
    } else {
      f.message =
          (llvm::Twine(c.count) + " element(s) of " + buffer +
           " written by more than one thread without atomics, e.g. " + elem + " by " +
           formatThread(ta) + " at " + a.loc() + " and by " + formatThread(tb) + " at " + b.loc())
              .str();
    }
    f.data = llvm::json::Object{{"access", c.what},
                                {"buffer", buffer},
                                {"element", c.element},
                                {"same_warp", c.allSameWarp}};
    if (isShared)
      f.data["epoch"] = int64_t(c.epoch);
    return f;
  };
  for (auto &[key, c] : s.shared)
    out.push_back(make(c, true));
  for (auto &[key, c] : s.globalPairs)
    out.push_back(make(c, false));
  // Shared elements read before any thread of the block wrote them: what the
  // previous block (or nothing) left there.
  for (auto &[site, u] : s.traceLost ? decltype(s.uninit)() : s.uninit) {
    Finding f;
    f.kind = "uninit-shared-read";
    f.severity = "error";
    f.count = u.count;
    SiteInfo a = siteOf(site);
    f.sites = {a};
    ThreadCoord t = s.shape.coordOf(u.thread);
    f.threads = {ThreadExample{t, site, "read"}};
    std::string buffer =
        !a.buffer.empty() ? a.buffer : "shared[" + std::to_string(-1 - u.arg) + "]";
    f.message = (llvm::Twine(u.count) + " read(s) at " + a.loc() +
                 " of shared elements no thread of the block had written, e.g. " + buffer + "[" +
                 llvm::Twine(u.element) + "] by " + formatThread(t) +
                 ": the value is whatever the memory held (a guard or an initialization missing?)")
                    .str();
    f.data = llvm::json::Object{{"buffer", buffer}, {"element", u.element}};
    out.push_back(std::move(f));
  }
  if (s.checkedBlocks < s.totalBlocks) {
    std::string note = " (races checked in " + std::to_string(s.checkedBlocks) + " of " +
                       std::to_string(s.totalBlocks) + " blocks)";
    for (Finding &f : out) {
      f.message += note;
      f.data["checked_blocks"] = int64_t(s.checkedBlocks);
      f.data["blocks"] = int64_t(s.totalBlocks);
    }
  }
  std::sort(out.begin(), out.end(), [](const Finding &a, const Finding &b) {
    if (a.count != b.count)
      return a.count > b.count;
    return a.sites.front().site < b.sites.front().site;
  });
  if (s.droppedShared || s.droppedGlobal || s.droppedPairs) {
    Finding f;
    f.kind = "race-tracking-truncated";
    f.severity = "info";
    f.message = (llvm::Twine("race tracking hit its limits: ") + llvm::Twine(s.droppedShared) +
                 " shared and " + llvm::Twine(s.droppedGlobal) + " global accesses untracked, " +
                 llvm::Twine(s.droppedPairs) + " conflicts of further site pairs not reported")
                    .str();
    f.count = s.droppedShared + s.droppedGlobal + s.droppedPairs;
    out.push_back(std::move(f));
  }
  return out;
}
