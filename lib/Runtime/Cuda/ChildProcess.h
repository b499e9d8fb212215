//===- ChildProcess.h - run CUDA work in a forked child --------*- C++ -*-===//
//
// Every CUDA call of kfix happens in a child process: a kernel that faults
// leaves its context unusable and one that hangs cannot be stopped from the
// host, so the child is simply killed, and the parent never initializes CUDA
// (after which fork would give children a broken driver state). Data goes
// both ways through a shared memory file (memfd) mapped on both sides.
//
// Launches go to one persistent worker process per kfix process (started at
// the first launch, it keeps its CUDA context and loaded modules), so a
// repair loop pays context creation once, not per launch. A worker whose
// kernel faulted or hung is killed and the next launch starts a fresh one.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_RUNTIME_CUDA_CHILDPROCESS_H
#define KFIX_LIB_RUNTIME_CUDA_CHILDPROCESS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstddef>
#include <string>

namespace kfix {

/// A zero-filled MAP_SHARED mapping of a memory file (memfd), which another
/// process can map through fd(); unmapped and closed on destruction.
class SharedRegion {
public:
  explicit SharedRegion(size_t bytes);
  ~SharedRegion();
  SharedRegion(const SharedRegion &) = delete;
  SharedRegion &operator=(const SharedRegion &) = delete;
  bool valid() const { return base != nullptr; }
  char *data() const { return static_cast<char *>(base); }
  size_t size() const { return bytes; }
  int fd() const { return file; }

private:
  void *base = nullptr;
  size_t bytes = 0;
  int file = -1;
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

/// Serves one request on a region mapped in the serving process; returns 0
/// to keep serving, non-zero when the process must not serve again.
using RegionServer = int (*)(char *region, size_t bytes);

/// Runs `serve` on `region` in this process's persistent worker (started on
/// first use; one per kfix process, shared by all callers, one request at a
/// time), waiting at most `timeoutSeconds` (<= 0: no limit) before killing
/// it. With KFIX_CUDA_NO_FORK, `serve` runs in this process; with
/// KFIX_CUDA_WORKER=0, in a child forked for this request alone (the
/// behaviour before the worker existed). `started` tells whether this
/// request had to start a worker (its start-up is in wallMs).
ChildOutcome runInWorker(SharedRegion &region, RegionServer serve, double timeoutSeconds,
                         bool *started = nullptr);

} // namespace kfix

#endif
