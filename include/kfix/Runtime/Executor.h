//===- Executor.h - run a lifted kernel on the CPU or the GPU --*- C++ -*-===//
#ifndef KFIX_RUNTIME_EXECUTOR_H
#define KFIX_RUNTIME_EXECUTOR_H

#include "kfix/Runtime/Buffer.h"
#include "kfix/Runtime/TraceSink.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include <array>
#include <memory>
#include <string>
#include <vector>

namespace kfix {

struct LaunchConfig {
  std::array<int64_t, 3> grid{1, 1, 1};
  std::array<int64_t, 3> block{1, 1, 1};
  int64_t sharedBytes = 0;
};

/// Device memory of another process, shared with a CUDA IPC handle (the
/// KernelBench harness passes torch's CUDA tensors this way): the kernel reads
/// and writes it in place, nothing is copied. CUDA executor only.
struct SharedDeviceMemory {
  std::array<uint8_t, 64> ipcHandle{}; ///< cudaIpcMemHandle_t of the allocation
  uint64_t offset = 0;                 ///< bytes from the allocation's start to the pointer
  uint64_t bytes = 0;                  ///< bytes from the pointer on that the kernel may use
  DType dtype = DType::f32;
  std::vector<int64_t> shape; ///< the memref's sizes (one dimension: bytes / element size)
};

/// One kernel argument: a buffer (pointer parameter), device memory shared by
/// another process, or a scalar passed by value.
struct KernelArg {
  enum Kind { BufferArg, IntArg, FloatArg, SharedDeviceArg } kind = IntArg;
  Buffer *buffer = nullptr;
  const SharedDeviceMemory *device = nullptr;
  int64_t i = 0;
  double f = 0;
  static KernelArg ofBuffer(Buffer &b) {
    KernelArg a;
    a.kind = BufferArg;
    a.buffer = &b;
    return a;
  }
  static KernelArg ofSharedDevice(const SharedDeviceMemory &m) {
    KernelArg a;
    a.kind = SharedDeviceArg;
    a.device = &m;
    return a;
  }
  static KernelArg ofInt(int64_t v) {
    KernelArg a;
    a.kind = IntArg;
    a.i = v;
    return a;
  }
  static KernelArg ofFloat(double v) {
    KernelArg a;
    a.kind = FloatArg;
    a.f = v;
    return a;
  }
};

struct ExecOptions {
  /// CPU: abort a block after this many loop iterations (all threads together);
  /// 0 = unlimited. Stops infinite loops.
  uint64_t stepBudget = 2'000'000'000;
  /// GPU: wall-clock limit of one launch (the child process is killed after it).
  double timeoutSeconds = 20;
  /// Receives instrumentation events (may be null).
  TraceSink *sink = nullptr;
  /// Timing: when > 0, after the checked launch (whose results are the ones
  /// returned) the kernel is launched this many more times on the same buffers
  /// and ExecResult::kernelMs gets the median time of one launch (CUDA: events
  /// around each launch, in the child; CPU: wall time). The extra launches send
  /// no events to `sink` and do not change the returned buffers.
  unsigned timingReps = 0;
};

/// What went wrong in a launch, with where.
struct ExecFault {
  std::string kind;    ///< "out-of-bounds", "step-budget", "barrier-divergence", "timeout",
                       ///< "device-fault", "error"
  std::string message; ///< human-readable, with file:line:col and thread/block where known
};

struct ExecResult {
  bool ok = true;
  std::vector<ExecFault> faults;
  double runMs = 0;
  /// CPU: the most loop iterations one block ran (what ExecOptions::stepBudget
  /// bounds); 0 where it is not counted.
  uint64_t maxBlockSteps = 0;
  /// With ExecOptions::timingReps > 0: median and minimum milliseconds of one
  /// kernel launch over the repetitions; -1 when not measured (or a repetition failed).
  double kernelMs = -1, kernelMsMin = -1;
  /// CUDA: milliseconds spent loading the PTX (cuModuleLoadDataEx, the driver's
  /// JIT) for this launch; -1 where it does not apply.
  double loadMs = -1;
  /// CUDA: milliseconds of the whole launch as this process saw it (buffers
  /// to the worker and back, load, launch), and whether it had to start the
  /// CUDA worker process (whose start-up, context creation included, is then
  /// part of roundTripMs); -1 / false where it does not apply.
  double roundTripMs = -1;
  bool workerStarted = false;
};

/// A kernel compiled for one executor; launch it any number of times.
class CompiledKernel {
public:
  virtual ~CompiledKernel() = default;
  virtual ExecResult launch(const LaunchConfig &cfg, llvm::MutableArrayRef<KernelArg> args,
                            const ExecOptions &opts) = 0;
  /// Milliseconds spent compiling (lowering, JIT or PTX + module load); 0 for
  /// a kernel handed out again by a compile cache (CompileCache.h).
  virtual double compileMs() const = 0;
  /// Host bytes this kernel keeps alive (JIT code and fiber stacks, PTX), an
  /// estimate that bounds the compile cache; 0 when unknown.
  virtual uint64_t footprintBytes() const { return 0; }
  /// Whether this kernel came out of a compile cache rather than a compile.
  virtual bool fromCache() const { return false; }
  /// What the kernel was compiled from, where a compile cache knows it (its
  /// key: the module's content, the kernel's name, the target options); empty
  /// otherwise. Validation caches a reference's outputs under it (CaseCache.h).
  virtual std::string contentKey() const { return {}; }
};

class Executor {
public:
  virtual ~Executor() = default;
  virtual llvm::StringRef name() const = 0; ///< "cpu" or "cuda"
  /// Everything besides the module and the kernel name that a compile
  /// depends on (the target and its options, e.g. "cuda sm_90 +ptx80"): part
  /// of the compile cache's key, so that a cache never hands out a kernel
  /// compiled for other options.
  virtual std::string compileOptionsKey() const { return name().str(); }
  /// The device's compute capability as major * 10 + minor (90 for sm_90);
  /// 0 for a target that is no GPU.
  virtual unsigned computeCapability() const { return 0; }
  /// Compiles the gpu.func whose `kfix.name` (or symbol name) is `kernel` from a
  /// lifted module. On failure returns null and sets `error`.
  virtual std::unique_ptr<CompiledKernel> compile(mlir::ModuleOp module, llvm::StringRef kernel,
                                                  std::string &error) = 0;
};

std::unique_ptr<Executor> createCpuExecutor();
/// Null, with `why` set, when there is no driver or no device.
std::unique_ptr<Executor> createCudaExecutor(std::string &why);

} // namespace kfix

#endif
