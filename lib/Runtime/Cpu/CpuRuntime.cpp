//===- CpuRuntime.cpp - the kfix_rt_* functions and the block scheduler ----===//
//
// Threads of a block are fibers run in order, each until it blocks (a barrier,
// a warp collective, its end). When none can run, the warp collectives are
// resolved among the lanes waiting at them, or, with none waiting, the block
// barrier is released if every live thread waits at the same one. Everything
// is deterministic and on one OS thread, so atomics are trivially atomic.
//
//===----------------------------------------------------------------------===//
#include "CpuRuntime.h"

#include "llvm/Support/raw_ostream.h"

using namespace kfix;
using namespace kfix::cpurt;

static LaunchState &state(kfix_ctx *ctx) { return *static_cast<LaunchState *>(ctx->runtime); }

LaunchState::LaunchState(const std::vector<std::string> &locs, const ExecOptions &opts,
                         StackPool &stacks)
    : locs(locs), opts(opts), stacks(stacks) {
  ctx.runtime = this;
  ctx.stepBudget = opts.stepBudget ? opts.stepBudget : UINT64_MAX;
}

ThreadCoord LaunchState::coord(int64_t thread) const {
  ThreadCoord c;
  int64_t bx = ctx.blockDim[0], by = ctx.blockDim[1];
  c.tid = {static_cast<uint32_t>(thread % bx), static_cast<uint32_t>(thread / bx % by),
           static_cast<uint32_t>(thread / (bx * by))};
  for (int d = 0; d < 3; ++d)
    c.bid[d] = static_cast<uint32_t>(ctx.blockId[d]);
  return c;
}

std::string LaunchState::where(int64_t thread) const {
  ThreadCoord c = coord(thread);
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "thread (" << c.tid[0] << "," << c.tid[1] << "," << c.tid[2] << ") block (" << c.bid[0]
     << "," << c.bid[1] << "," << c.bid[2] << ")";
  return s;
}

const std::string &LaunchState::locString(int64_t loc) const {
  static const std::string unknown = "?";
  return loc >= 0 && static_cast<size_t>(loc) < locs.size() ? locs[loc] : unknown;
}

std::vector<ExecFault> LaunchState::takeFaults() {
  for (auto &[loc, sf] : boundsFaults)
    if (sf.count > 1)
      faults[sf.index].message +=
          " (" + std::to_string(sf.count) + " out-of-bounds accesses here in all)";
  boundsFaults.clear();
  skippedAccesses = 0;
  return std::move(faults);
}

void LaunchState::fatal(llvm::StringRef kind, std::string message) {
  faults.push_back(ExecFault{kind.str(), std::move(message)});
  abortLaunch = true;
}

//===----------------------------------------------------------------------===//
// Scheduling
//===----------------------------------------------------------------------===//

void LaunchState::fiberMain(void *self) {
  auto *ls = static_cast<LaunchState *>(self);
  int64_t me = ls->current;
  ls->ctx.startThread = me;
  ls->entry(ls->args);
  ls->threads[me].state = State::Exited;
  ++ls->numExited;
  ls->yield(me);
  __builtin_unreachable();
}

void LaunchState::yield(int64_t thread) {
  // Hand over directly to the next thread of the round: half the switches of
  // going through the scheduler each time.
  if (runPos < runQueue.size()) {
    current = runQueue[runPos++];
    switchFiber(threads[thread].fiber, threads[current].fiber);
  } else {
    switchFiber(threads[thread].fiber, scheduler);
  }
}

void LaunchState::runBlock(PackedEntry e, void **a, bool useFibers) {
  entry = e;
  args = a;
  fibers = useFibers;
  ctx.steps = 0;
  int64_t n = useFibers ? ctx.blockDim[0] * ctx.blockDim[1] * ctx.blockDim[2] : 1;
  numThreads = n;
  if (threads.size() < static_cast<size_t>(n))
    threads.resize(n);
  runQueue.clear();
  for (int64_t i = 0; i < n; ++i) {
    FiberStack *stack = stacks.get(i);
    if (!stack)
      return fatal("error", "cannot allocate a stack for thread " + std::to_string(i));
    threads[i].state = State::Ready;
    initFiber(threads[i].fiber, *stack, &fiberMain, this);
    runQueue.push_back(static_cast<int32_t>(i));
  }
  numAtBarrier = numAtWarpOp = numExited = 0;
  barrierEpoch = 0;
  std::array<uint32_t, 3> bid;
  for (int d = 0; d < 3; ++d)
    bid[d] = static_cast<uint32_t>(ctx.blockId[d]);

  while (true) {
    // One round: every ready thread runs until it blocks or ends.
    runPos = 1;
    current = runQueue[0];
    switchFiber(scheduler, threads[current].fiber);
    if (abortLaunch)
      return;
    runQueue.clear();
    if (numAtWarpOp) {
      resolveWarps();
      continue;
    }
    if (!numAtBarrier)
      break; // every thread ended
    // Every live thread waits at a barrier: the same one, with nobody gone.
    int64_t first = -1, other = -1, exited = -1;
    for (int64_t i = 0; i < n; ++i) {
      if (threads[i].state == State::Exited) {
        if (exited < 0)
          exited = i;
        continue;
      }
      if (first < 0)
        first = i;
      else if (other < 0 && threads[i].loc != threads[first].loc)
        other = i;
    }
    if (numExited)
      return fatal("barrier-divergence", "barrier-divergence at " + locString(threads[first].loc) +
                                             ": " + where(first) + " waits at the barrier while " +
                                             where(exited) + " has already exited the kernel");
    if (other >= 0)
      return fatal("barrier-divergence",
                   "barrier-divergence: " + where(first) + " waits at the barrier at " +
                       locString(threads[first].loc) + " while " + where(other) +
                       " waits at the barrier at " + locString(threads[other].loc));
    if (opts.sink)
      opts.sink->onBarrier(bid, barrierEpoch);
    ++barrierEpoch;
    numAtBarrier = 0;
    for (int64_t i = 0; i < n; ++i) {
      threads[i].state = State::Ready;
      runQueue.push_back(static_cast<int32_t>(i));
    }
  }
  for (int64_t i = 0; i < n; ++i)
    if (!stacks.intact(i))
      return fatal("error", "stack overflow in " + where(i) + " (" +
                                std::to_string(stacks.stackBytes()) + "-byte fiber stacks)");
  if (opts.sink)
    opts.sink->onBlockEnd(bid);
}

void LaunchState::barrier(int64_t thread, int64_t loc) {
  Thread &t = threads[thread];
  t.state = State::AtBarrier;
  t.loc = loc;
  ++numAtBarrier;
  yield(thread);
}

int64_t LaunchState::warpOp(int64_t thread, int32_t op, int32_t mode, int64_t value, int32_t offset,
                            int32_t width, int32_t mask, int64_t loc) {
  Thread &t = threads[thread];
  t.state = State::AtWarpOp;
  t.op = op;
  t.mode = mode;
  t.value = value;
  t.offset = offset;
  t.width = width;
  t.mask = mask;
  t.loc = loc;
  ++numAtWarpOp;
  yield(thread);
  return t.result;
}

/// Source lane of a shuffle, or -1 when out of the lane's segment (the lane
/// keeps its own value then).
static int64_t shuffleSource(int64_t lane, int32_t mode, int32_t offset, int32_t width) {
  int64_t w = width < 1 || width > 32 ? 32 : width;
  int64_t seg = lane / w * w;
  int64_t src;
  switch (mode) {
  case ShflXor:
    src = lane ^ static_cast<int64_t>(static_cast<uint32_t>(offset));
    return src < seg + w ? src : -1;
  case ShflDown:
    src = lane + static_cast<int64_t>(static_cast<uint32_t>(offset));
    return src < seg + w ? src : -1;
  case ShflUp:
    src = lane - static_cast<int64_t>(static_cast<uint32_t>(offset));
    return src >= seg ? src : -1;
  default:
    return seg + static_cast<int64_t>(static_cast<uint32_t>(offset) % w);
  }
}

int64_t LaunchState::warpResult(int64_t thread) {
  const Thread &t = threads[thread];
  int64_t lane = thread % 32, base = thread - lane;
  auto participates = [&](int64_t other) {
    if (other < 0 || other >= numThreads)
      return false;
    const Thread &o = threads[other];
    return o.state == State::AtWarpOp && o.loc == t.loc &&
           (static_cast<uint32_t>(t.mask) >> (other - base) & 1u);
  };
  switch (t.op) {
  case WarpShuffle: {
    int64_t src = shuffleSource(lane, t.mode, t.offset, t.width);
    if (src < 0 || src >= 32 || !participates(base + src))
      return t.value;
    return threads[base + src].value;
  }
  case WarpVote: {
    uint32_t ballot = 0;
    bool all = true, uni = true;
    for (int64_t l = 0; l < 32; ++l) {
      if (!participates(base + l))
        continue;
      bool p = threads[base + l].value != 0;
      ballot |= static_cast<uint32_t>(p) << l;
      all &= p;
      uni &= p == (t.value != 0);
    }
    switch (t.mode) {
    case VoteAny:
      return ballot != 0;
    case VoteAll:
      return all;
    case VoteUni:
      return uni;
    default:
      return static_cast<int32_t>(ballot);
    }
  }
  default:
    return 0;
  }
}

void LaunchState::resolveWarps() {
  int64_t n = numThreads;
  // Threads waiting at a barrier stay there; the warp collectives resolve
  // among the lanes at them and those lanes run again, in order.
  for (int64_t base = 0; base < n; base += 32) {
    int64_t end = std::min(n, base + 32);
    for (int64_t i = base; i < end; ++i)
      if (threads[i].state == State::AtWarpOp)
        threads[i].result = warpResult(i);
    for (int64_t i = base; i < end; ++i)
      if (threads[i].state == State::AtWarpOp) {
        threads[i].state = State::Ready;
        runQueue.push_back(static_cast<int32_t>(i));
      }
  }
  numAtWarpOp = 0;
}

void LaunchState::stepBudget(int64_t thread, int64_t loc) {
  fatal("step-budget", "step budget of " + std::to_string(opts.stepBudget) +
                           " loop iterations exceeded in the loop at " + locString(loc) + " (" +
                           where(thread) + ")");
  // Never resumed: the launch is over and the fibers are reset before reuse.
  if (fibers)
    switchFiber(threads[thread].fiber, scheduler);
  else
    switchFiber(threads[0].fiber, scheduler);
  __builtin_unreachable();
}

void LaunchState::check(int64_t thread, int64_t site, int32_t kind, int64_t loc, int64_t d0,
                        int64_t d1) {
  if (opts.sink)
    opts.sink->onCheck(site, static_cast<TraceCheckKind>(kind), coord(thread), d0, d1);
  if (kind != static_cast<int32_t>(TraceCheckKind::bounds))
    return;
  auto [it, inserted] = boundsFaults.try_emplace(loc, SiteFault{faults.size(), 0});
  ++it->second.count;
  if (++skippedAccesses > kMaxSkippedAccesses) {
    fatal("fault-limit", std::to_string(kMaxSkippedAccesses) +
                             " out-of-bounds accesses skipped; the launch was stopped at " +
                             locString(loc) + " (" + where(thread) + ")");
    switchFiber(threads[fibers ? thread : 0].fiber, scheduler);
    __builtin_unreachable();
  }
  if (!inserted)
    return;
  faults.push_back(ExecFault{"out-of-bounds", "out-of-bounds access at " + locString(loc) +
                                                  ": index " + std::to_string(d0) +
                                                  " outside extent " + std::to_string(d1) + " (" +
                                                  where(thread) + "); the access was skipped"});
}

//===----------------------------------------------------------------------===//
// The C ABI
//===----------------------------------------------------------------------===//

extern "C" {

void kfix_rt_barrier(kfix_ctx *ctx, int64_t thread, int64_t loc) {
  state(ctx).barrier(thread, loc);
}

void kfix_rt_syncwarp(kfix_ctx *ctx, int64_t thread, int32_t mask, int64_t loc) {
  state(ctx).warpOp(thread, LaunchState::WarpSync, 0, 0, 0, 32, mask, loc);
}

int64_t kfix_rt_shuffle(kfix_ctx *ctx, int64_t thread, int32_t mode, int64_t value, int32_t offset,
                        int32_t width, int32_t mask, int64_t loc) {
  return state(ctx).warpOp(thread, LaunchState::WarpShuffle, mode, value, offset, width, mask, loc);
}

int32_t kfix_rt_shuffle_valid(kfix_ctx *, int64_t thread, int32_t mode, int32_t offset,
                              int32_t width) {
  int64_t src = shuffleSource(thread % 32, mode, offset, width);
  return src >= 0 && src < 32;
}

int32_t kfix_rt_vote(kfix_ctx *ctx, int64_t thread, int32_t kind, int32_t mask, int32_t pred,
                     int64_t loc) {
  return static_cast<int32_t>(
      state(ctx).warpOp(thread, LaunchState::WarpVote, kind, pred, 0, 32, mask, loc));
}

void kfix_rt_step_budget(kfix_ctx *ctx, int64_t thread, int64_t loc) {
  state(ctx).stepBudget(thread, loc);
}

void kfix_rt_check(kfix_ctx *ctx, int64_t thread, int64_t site, int32_t kind, int64_t loc,
                   int64_t d0, int64_t d1) {
  state(ctx).check(thread, site, kind, loc, d0, d1);
}

void kfix_rt_probe(kfix_ctx *ctx, int64_t thread, int64_t site, double value) {
  LaunchState &ls = state(ctx);
  if (TraceSink *sink = ls.sink())
    sink->onProbe(site, ls.coord(thread), value);
}

void kfix_rt_count(kfix_ctx *ctx, int64_t site, int64_t counter) {
  if (TraceSink *sink = state(ctx).sink())
    sink->onCount(site, counter);
}

void kfix_rt_access(kfix_ctx *ctx, int64_t thread, int64_t site, int32_t kind, int32_t arg,
                    int64_t linear) {
  LaunchState &ls = state(ctx);
  if (TraceSink *sink = ls.sink())
    sink->onAccess(site, static_cast<TraceAccessKind>(kind), arg, linear, ls.coord(thread));
}

} // extern "C"
