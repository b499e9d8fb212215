//===- KernelTime.h - kernel time of a candidate, and a repair's speed -*- C++ -*-===//
//
// What `kfix time` measures, as a library: one checked launch of each of the
// task's launches on one size (seed 0), then `reps` timed launches on the same
// buffers (CUDA events on the GPU, wall time on the CPU). `kfix debug` uses it
// to put a repair's time beside the kernel as given (issue 19: a repair must
// not make the kernel slow).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_AGENT_KERNELTIME_H
#define KFIX_AGENT_KERNELTIME_H

#include "kfix/Agent/Session.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace kfix {

struct LaunchTiming {
  std::string kernel;
  double lowerMs = 0, loadMs = -1, runMs = 0, kernelMs = -1, kernelMsMin = -1;
  std::vector<ExecFault> faults;
};

struct KernelTiming {
  std::vector<LaunchTiming> launches;
  /// Sums over the launches (-1 when a launch could not be timed).
  double kernelMs = -1, kernelMsMin = -1;
  bool allTimed = true;
  std::string error; ///< set when nothing could be run (compile error, bad size)
};

/// The size index with the most buffer bytes (what `kfix time` times by default).
unsigned largestSize(const TaskManifest &task);

/// Times `module`'s kernels for the task's launches at `bindings` (a size of
/// the task, possibly overridden), size index `sizeIndex` (for the inputs).
KernelTiming timeKernels(Session &s, mlir::ModuleOp module, const Bindings &bindings,
                         unsigned sizeIndex, unsigned reps, double timeoutSeconds);

/// A repair's speed beside the kernel as given, timed alternately (original,
/// repaired, ...) on one size so that both see the same machine state.
struct SpeedCheck {
  double originalMs = -1, repairedMs = -1;
  double ratio = -1; ///< repaired / original (-1 when either could not be timed)
  unsigned rounds = 0, reps = 0;
  std::string size, target, error;
  llvm::json::Value toJSON() const;
  /// One line for the terminal and the report ("" when not measured).
  std::string summary() const;
};

SpeedCheck checkSpeed(Session &s, mlir::ModuleOp original, mlir::ModuleOp repaired,
                      unsigned rounds = 3, unsigned reps = 20);

} // namespace kfix

#endif
