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
#include <vector>

namespace kfix::cpurt {

/// A stack, allocated with a guard page below it and reused across blocks.
class FiberStack {
public:
  explicit FiberStack(size_t bytes);
  ~FiberStack();
  FiberStack(const FiberStack &) = delete;
  FiberStack &operator=(const FiberStack &) = delete;
  char *top() const { return base + size; }
  bool valid() const { return base != nullptr; }

private:
  char *mapping = nullptr;
  char *base = nullptr;
  size_t size = 0, mapped = 0;
};

/// A saved execution context.
struct FiberContext {
  void *sp = nullptr; ///< x86-64: the saved stack pointer
  std::unique_ptr<char[]> ucontext; ///< elsewhere: a ucontext_t
};

/// Prepares `fiber` to run `entry(arg)` on `stack` at the next switch to it.
/// `entry` must never return: it ends by switching away for good.
void initFiber(FiberContext &fiber, FiberStack &stack, void (*entry)(void *), void *arg);

/// Saves the current context into `from` and resumes `to`.
void switchFiber(FiberContext &from, FiberContext &to);

/// A pool of stacks, grown on demand.
class StackPool {
public:
  static constexpr size_t kStackBytes = 256 * 1024;
  /// Stack `i`, or null when the memory could not be mapped.
  FiberStack *get(size_t i);

private:
  std::vector<std::unique_ptr<FiberStack>> stacks;
};

} // namespace kfix::cpurt

#endif
