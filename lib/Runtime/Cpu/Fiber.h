//===- Fiber.h - minimal user-space threads for the CPU executor -*- C++ -*-===//
//
// One fiber per GPU thread of a block: a stack and a saved stack pointer. A
// switch saves only the callee-saved registers (x86-64 assembly; ucontext
// elsewhere), which is what makes barriers and warp collectives cheap enough.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_RUNTIME_CPU_FIBER_H
#define KFIX_LIB_RUNTIME_CPU_FIBER_H

#include <cstddef>
#include <memory>
#include <atomic>
#include <vector>

namespace kfix::cpurt {

/// A fiber's stack: [lo, top).
struct FiberStack {
  char *lo = nullptr;
  char *top = nullptr;
};

/// A saved execution context.
struct FiberContext {
  void *sp = nullptr;               ///< x86-64: the saved stack pointer
  std::unique_ptr<char[]> ucontext; ///< elsewhere: a ucontext_t
};

/// Prepares `fiber` to run `entry(arg)` on `stack` at the next switch to it.
/// `entry` must never return: it ends by switching away for good.
void initFiber(FiberContext &fiber, const FiberStack &stack, void (*entry)(void *), void *arg);

/// Saves the current context into `from` and resumes `to`.
void switchFiber(FiberContext &from, FiberContext &to);

/// Stacks for the threads of a block, reused across blocks and launches.
/// They are carved out of 2 MiB slabs, each with its top at a different cache
/// color: with hundreds of fibers, tops that share cache sets evict each
/// other and a switch costs several misses (measured: 70 ns instead of 9 ns
/// per thread and barrier at 256 threads). A canary word at the bottom of
/// each stack detects overflows.
class StackPool {
public:
  explicit StackPool(size_t stackBytes);
  ~StackPool();
  StackPool(const StackPool &) = delete;
  StackPool &operator=(const StackPool &) = delete;
  /// Stack `i`, or null when the memory could not be mapped.
  FiberStack *get(size_t i);
  /// False when stack `i` overflowed (its canary was overwritten).
  bool intact(size_t i) const;
  size_t stackBytes() const { return bytes; }
  /// Bytes of the stacks mapped so far (mapped on demand, never returned
  /// before the pool ends).
  size_t mappedBytes() const { return mapped.load(std::memory_order_relaxed); }

private:
  size_t bytes;
  std::atomic<size_t> mapped{0};
  std::vector<std::pair<char *, size_t>> slabs;
  std::vector<FiberStack> stacks;
};

} // namespace kfix::cpurt

#endif
