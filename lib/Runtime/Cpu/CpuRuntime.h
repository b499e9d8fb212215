//===- CpuRuntime.h - block scheduler behind the kfix_rt_* calls -*- C++ -*-===//
//
// The state of one launch on the CPU executor: the kernel context the JIT'ed
// code reads, the threads of the current block as fibers, the faults found so
// far. The kfix_rt_* functions (CpuRuntimeABI.h) reach it through
// `KernelContext::runtime`.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_RUNTIME_CPU_CPURUNTIME_H
#define KFIX_LIB_RUNTIME_CPU_CPURUNTIME_H

#include "Fiber.h"
#include "kfix/Runtime/CpuRuntimeABI.h"
#include "kfix/Runtime/Executor.h"

#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace kfix::cpurt {

/// The packed entry point `_mlir___kfix_{block,thread}_<name>(void **args)`.
using PackedEntry = void (*)(void **);

class LaunchState {
public:
  LaunchState(const std::vector<std::string> &locs, const ExecOptions &opts, StackPool &stacks);

  KernelContext ctx{};
  /// Runs block `bid` to its end, or until a fault aborts the launch.
  /// `fibers`: one fiber per thread (barriers, warp collectives); otherwise one
  /// fiber runs the whole block entry, which loops over the threads itself.
  void runBlock(PackedEntry entry, void **args, bool fibers);
  bool aborted() const { return abortLaunch; }
  std::vector<ExecFault> takeFaults();
  /// Adds a fault that ends the launch.
  void fatal(llvm::StringRef kind, std::string message);

  // Entry points of the kfix_rt_* functions.
  void barrier(int64_t thread, int64_t loc);
  int64_t warpOp(int64_t thread, int32_t op, int32_t mode, int64_t value, int32_t offset,
                 int32_t width, int32_t mask, int64_t loc);
  void stepBudget(int64_t thread, int64_t loc);
  void check(int64_t thread, int64_t site, int32_t kind, int64_t loc, int64_t d0, int64_t d1);
  TraceSink *sink() const { return opts.sink; }
  ThreadCoord coord(int64_t thread) const;

  enum WarpOpKind : int32_t { WarpShuffle = 0, WarpVote = 1, WarpSync = 2 };

private:
  enum class State : uint8_t { Ready, AtBarrier, AtWarpOp, Exited };
  struct Thread {
    FiberContext fiber;
    State state = State::Ready;
    int64_t loc = 0;
    int32_t op = 0, mode = 0, offset = 0, width = 32, mask = -1;
    int64_t value = 0, result = 0;
  };

  static void fiberMain(void *self);
  /// Blocks `thread`: runs the next thread of this round's run queue, or
  /// returns to the scheduler at the end of the round.
  void yield(int64_t thread);
  void resolveWarps();
  int64_t warpResult(int64_t thread);
  std::string where(int64_t thread) const;
  const std::string &locString(int64_t loc) const;

  const std::vector<std::string> &locs;
  const ExecOptions &opts;
  StackPool &stacks;
  std::vector<Thread> threads;
  std::vector<int32_t> runQueue; ///< threads to run this round, in order
  size_t runPos = 0;
  int64_t numThreads = 0, numAtBarrier = 0, numAtWarpOp = 0, numExited = 0;
  FiberContext scheduler;
  int64_t current = 0;
  PackedEntry entry = nullptr;
  void **args = nullptr;
  bool fibers = false;
  bool abortLaunch = false;
  uint64_t barrierEpoch = 0;

  struct SiteFault {
    size_t index;
    uint64_t count;
  };
  std::vector<ExecFault> faults;
  llvm::DenseMap<int64_t, SiteFault> boundsFaults; ///< by loc
  /// Out-of-bounds accesses skipped in this launch: past kMaxSkippedAccesses
  /// the launch stops (a loop that runs away out of bounds says all it will
  /// say in its first million accesses, and would run to the step budget).
  uint64_t skippedAccesses = 0;
  static constexpr uint64_t kMaxSkippedAccesses = 1u << 20;
};

} // namespace kfix::cpurt

#endif
