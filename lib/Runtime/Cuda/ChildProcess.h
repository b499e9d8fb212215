//===- ChildProcess.h - run CUDA work in a forked child --------*- C++ -*-===//
//
// Every CUDA call of kfix happens in a child process: a kernel that faults
// leaves its context unusable and one that hangs cannot be stopped from the
// host, so the child is simply killed, and the parent never initializes CUDA
// (after which fork would give children a broken driver state). Data goes
// both ways through an anonymous shared mapping created before the fork.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_RUNTIME_CUDA_CHILDPROCESS_H
#define KFIX_LIB_RUNTIME_CUDA_CHILDPROCESS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstddef>
#include <string>

namespace kfix {

/// An anonymous MAP_SHARED mapping, zero-filled, unmapped on destruction.
class SharedRegion {
public:
  explicit SharedRegion(size_t bytes);
  ~SharedRegion();
  SharedRegion(const SharedRegion &) = delete;
  SharedRegion &operator=(const SharedRegion &) = delete;
  bool valid() const { return base != nullptr; }
  char *data() const { return static_cast<char *>(base); }
  size_t size() const { return bytes; }

private:
  void *base = nullptr;
  size_t bytes = 0;
};

struct ChildOutcome {
  enum Kind { Exited, Signaled, TimedOut, ForkFailed } kind = ForkFailed;
  int code = 0; ///< exit status or signal number
  double wallMs = 0;
  std::string describe() const;
};

/// Forks, runs `body` in the child and _exits with its result; waits at most
/// `timeoutSeconds` (<= 0: no limit), then kills the child with SIGKILL.
/// With the environment variable KFIX_CUDA_NO_FORK set (to anything but "0"
/// or ""), `body` runs in this process instead, without a time limit: for
/// compute-sanitizer and profilers, which then see the CUDA work in the
/// process they started. A kernel fault then leaves this process's context
/// broken for the launches that follow.
ChildOutcome runInChild(llvm::function_ref<int()> body, double timeoutSeconds);

/// Whether KFIX_CUDA_NO_FORK asks for in-process CUDA work.
bool cudaInProcess();

} // namespace kfix

#endif
