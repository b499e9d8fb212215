//===- SourceCompile.h - a CUDA source file through NVRTC or nvcc -*- C++ -*-===//
//
// Compiles a whole .cu file as the user would: NVRTC (opened with dlopen,
// never linked) and the toolkit's nvcc (a child process, no shell). The
// delivery of a repair compiles the user's file and the delivered one with
// each compiler that is present (docs/delivery.md).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_SOURCECOMPILE_H
#define KFIX_RUNTIME_SOURCECOMPILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <memory>
#include <string>

namespace kfix {

enum class SourceCompileStatus {
  Ok,         ///< the compiler accepted the file
  Failed,     ///< the compiler ran and rejected it (or timed out): `log` says why
  Unavailable ///< no such compiler here: `log` says what was looked for
};
llvm::StringRef toString(SourceCompileStatus s); ///< "ok" | "failed" | "unavailable"

struct SourceCompileResult {
  SourceCompileStatus status = SourceCompileStatus::Unavailable;
  std::string tool;    ///< "nvrtc" | "nvcc"
  std::string version; ///< "12.4" (NVRTC), "release 12.4, V12.4.131" (nvcc); "" when unknown
  std::string log;     ///< the compiler's messages (first lines), or why it is unavailable
  bool ok() const { return status == SourceCompileStatus::Ok; }
  /// The first line of `log` that names an error (else its first line).
  std::string firstError() const;
};

struct SourceCompileOptions {
  /// Compute capability as major * 10 + minor: compute_XX / sm_XX.
  unsigned computeCapability = 90;
  /// Seconds a compile may take (a failure past it, "timed out"): nvcc's child
  /// is killed (whole seconds, at least 1); an NVRTC compile runs on a thread
  /// of its own that is abandoned (NVRTC cannot be interrupted).
  /// sourceCompileTimeout() gives the default: $KFIX_SOURCE_COMPILE_TIMEOUT,
  /// else 30; the delivery also cuts it to the run's deadline.
  double timeoutSec = 30;
  /// The file's name in the compiler's messages (NVRTC's program name, the
  /// temporary copy's name for nvcc).
  std::string fileName = "kernel.cu";
};

/// $KFIX_SOURCE_COMPILE_TIMEOUT (seconds, > 0) if set and valid, else 30.
double sourceCompileTimeout();

/// NVRTC compiles still running on their own threads (abandoned past their
/// time limit). A process must not run its exit-time destructors under one
/// (NVRTC's own static state is torn down while the thread is inside it): the
/// driver ends with _exit when this is not 0.
unsigned sourceCompilesInFlight();

/// One compiler. Finding it is lazy and done once per object; `available()`
/// is false with `why()` saying what was looked for.
class SourceCompiler {
public:
  virtual ~SourceCompiler() = default;
  virtual llvm::StringRef name() const = 0;
  virtual bool available() = 0;
  virtual std::string why() = 0;
  virtual SourceCompileResult compile(llvm::StringRef source, const SourceCompileOptions &opts) = 0;
};

/// NVRTC: $KFIX_NVRTC_LIB when set (then nothing else), else libnvrtc.so,
/// .so.13, .so.12, .so.11.2 on the loader's path, then in $CUDA_HOME/lib64,
/// $CUDA_PATH/lib64, /usr/local/cuda/lib64.
std::unique_ptr<SourceCompiler> createNvrtcCompiler();
/// nvcc: $KFIX_NVCC when set (then nothing else), else $CUDA_HOME/bin/nvcc,
/// $CUDA_PATH/bin/nvcc, nvcc on PATH, /usr/local/cuda/bin/nvcc.
std::unique_ptr<SourceCompiler> createNvccCompiler();

/// The toolkit's include directory ($CUDA_HOME, $CUDA_PATH, /usr/local/cuda)
/// when one exists, else "".
std::string cudaIncludeDir();

} // namespace kfix

#endif
