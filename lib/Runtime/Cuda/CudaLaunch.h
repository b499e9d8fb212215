//===- CudaLaunch.h - one kernel launch, described in a shared region -*- C++ -*-===//
//
// A launch is described entirely inside one shared memory region, so that the
// process that talks to the driver (a persistent worker, a forked child, or
// this process with KFIX_CUDA_NO_FORK) needs nothing else from the caller:
//
//   [LaunchReport][LaunchHeader][LaunchParam x n][PTX][entry][buffers][trace]
//
// (a buffer shared by CUDA IPC has no bytes there: its parameter names the
// handle, and the kernel runs on that memory).
//
// The caller fills everything but the report (writeLaunchRegion); the serving
// process runs it (serveLaunch) and writes the report, the buffers and the
// trace back in place.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_RUNTIME_CUDA_CUDALAUNCH_H
#define KFIX_LIB_RUNTIME_CUDA_CUDALAUNCH_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kfix {

/// What the serving process reports.
struct LaunchReport {
  int32_t failed; ///< 0 ok, 1 CUDA setup error, 2 launch / kernel error
  int32_t hasTrace;
  int32_t moduleCached; ///< the module was already loaded by this worker
  int32_t pad;
  double runMs;
  double loadMs;
  double kernelMs; ///< timing repetitions: median, minimum (-1: not measured)
  double kernelMsMin;
  char errName[96];
  char message[2048];
};

/// Highest memref rank a launch carries.
constexpr unsigned kMaxLaunchRank = 8;

/// One kernel parameter, as the serving process needs it.
struct LaunchParam {
  int32_t isMemref;
  int32_t rank;
  int64_t shape[kMaxLaunchRank]; ///< negative: dynamic
  uint64_t scalarBits;           ///< scalars: the value's bytes
  uint64_t bufferOffset;         ///< memrefs: where the data lies in the region
  uint64_t bufferBytes;
  int64_t bufferNumel;
  /// Memrefs on another process's device memory (SharedDeviceMemory): the
  /// serving process opens the IPC handle and the kernel works on that memory
  /// in place (the region holds no bytes of it).
  int32_t shared;
  int32_t pad;
  uint8_t ipcHandle[64];
  uint64_t ipcOffset;
};

/// The caller's description of a launch, before it is laid out.
struct LaunchSpec {
  const std::string *ptx = nullptr;
  const std::string *entry = nullptr;
  std::array<int64_t, 3> grid{1, 1, 1}, block{1, 1, 1};
  int64_t sharedBytes = 0;
  unsigned timingReps = 0;
  std::vector<LaunchParam> params; ///< bufferOffset is filled by layoutLaunch
  uint64_t traceBytes = 0;         ///< 0: no trace buffer
};

/// Offsets of the parts of a launch region.
struct LaunchLayout {
  size_t total = 0;
  size_t traceOffset = 0;
};

/// Assigns the buffers' and the trace's offsets in `spec` and returns the
/// region's size.
LaunchLayout layoutLaunch(LaunchSpec &spec);

/// Writes the header, the parameter table, the PTX and the entry name into a
/// zero-filled region of `layout.total` bytes (buffers and trace are the
/// caller's to copy to the offsets in `spec`).
void writeLaunchRegion(const LaunchSpec &spec, const LaunchLayout &layout, char *region);

/// Runs the launch a region describes (in the process that owns the CUDA
/// context). Returns 0 when this process can serve further launches, 1 when
/// the context is no longer usable (a kernel fault) or the region is
/// malformed. The outcome is in the region's LaunchReport.
int serveLaunch(char *region, size_t bytes);

} // namespace kfix

#endif
