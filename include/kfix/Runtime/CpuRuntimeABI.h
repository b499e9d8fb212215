//===- CpuRuntimeABI.h - contract between kfix-gpu-to-host and the CPU runtime -===//
//
// The host functions that `kfix-gpu-to-host` produces read the thread context
// laid out below and call the `kfix_rt_*` entry points declared here. Both the
// conversion (which emits loads at these offsets and calls with these
// signatures) and lib/Runtime/Cpu (which implements them) include this header.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_CPURUNTIMEABI_H
#define KFIX_RUNTIME_CPURUNTIMEABI_H

#include <cstdint>

namespace kfix::cpurt {

/// One per launch, updated for each block. Every field is 8 bytes wide so the
/// conversion addresses them as `i64` slots: `ctx[slot]`.
struct KernelContext {
  int64_t blockId[3];  ///< slots 0-2
  int64_t blockDim[3]; ///< slots 3-5
  int64_t gridDim[3];  ///< slots 6-8
  int64_t startThread; ///< slot 9: linear id of the fiber being started
  uint64_t steps;      ///< slot 10: loop iterations so far in this block
  uint64_t stepBudget; ///< slot 11: abort when `steps` exceeds it
  void *runtime;       ///< slot 12: the runtime's block state
};

enum Slot : int64_t {
  SlotBlockId = 0,
  SlotBlockDim = 3,
  SlotGridDim = 6,
  SlotStartThread = 9,
  SlotSteps = 10,
  SlotStepBudget = 11,
};

/// gpu.shuffle modes as passed to kfix_rt_shuffle (same values as gpu::ShuffleMode).
enum ShuffleMode : int32_t { ShflXor = 0, ShflDown = 1, ShflUp = 2, ShflIdx = 3 };
/// nvvm.vote.sync kinds as passed to kfix_rt_vote.
enum VoteKind : int32_t { VoteAny = 0, VoteAll = 1, VoteBallot = 2, VoteUni = 3 };

/// Entry point names the conversion creates for kernel `K`.
/// `__kfix_block_K(ctx, args..., shared...)` runs every thread of a block in a
/// loop (kernels with no barrier, shuffle or vote); `__kfix_thread_K(ctx,
/// args..., shared...)` runs the one thread `ctx->startThread`.
constexpr const char *kBlockEntryPrefix = "__kfix_block_";
constexpr const char *kThreadEntryPrefix = "__kfix_thread_";

/// Module attributes the conversion leaves for the executor.
/// `kfix.host_locs`: array of "file:line:col" strings indexed by the `loc`
/// operand of runtime calls.
constexpr const char *kLocsAttr = "kfix.host_locs";

} // namespace kfix::cpurt

extern "C" {
using kfix_ctx = kfix::cpurt::KernelContext;
void kfix_rt_barrier(kfix_ctx *ctx, int64_t thread, int64_t loc);
void kfix_rt_syncwarp(kfix_ctx *ctx, int64_t thread, int32_t mask, int64_t loc);
int64_t kfix_rt_shuffle(kfix_ctx *ctx, int64_t thread, int32_t mode, int64_t value, int32_t offset,
                        int32_t width, int32_t mask, int64_t loc);
int32_t kfix_rt_shuffle_valid(kfix_ctx *ctx, int64_t thread, int32_t mode, int32_t offset,
                              int32_t width);
int32_t kfix_rt_vote(kfix_ctx *ctx, int64_t thread, int32_t kind, int32_t mask, int32_t pred,
                     int64_t loc);
void kfix_rt_step_budget(kfix_ctx *ctx, int64_t thread, int64_t loc);
void kfix_rt_check(kfix_ctx *ctx, int64_t thread, int64_t site, int32_t kind, int64_t loc,
                   int64_t d0, int64_t d1);
void kfix_rt_probe(kfix_ctx *ctx, int64_t thread, int64_t site, double value);
void kfix_rt_count(kfix_ctx *ctx, int64_t site, int64_t counter);
void kfix_rt_access(kfix_ctx *ctx, int64_t thread, int64_t site, int32_t kind, int32_t arg,
                    int64_t linear);
}

#endif
