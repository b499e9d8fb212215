//===- ExecServer.h - `kfix exec-server`: lifted kernels on request -*- C++ -*-===//
//
// A persistent process for the Python harness: it loads lifted modules, keeps
// their compiled kernels warm and launches them on file-backed buffers
// (/dev/shm regions), one JSON request per line in, one JSON response per line
// out. The protocol is described in docs/harness.md.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_HARNESS_EXECSERVER_H
#define KFIX_HARNESS_EXECSERVER_H

#include "llvm/ADT/StringRef.h"

#include <istream>
#include <memory>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class MLIRContext;
namespace gpu {
class GPUFuncOp;
}
} // namespace mlir

namespace kfix {
class Executor;
} // namespace kfix

namespace kfix::harness {

/// The JSON description of a lifted kernel's parameters, shared by the prepare
/// manifest and the server's `load` reply: [{"name","ctype","kind","dtype","rank"}].
std::string describeParamsJson(mlir::gpu::GPUFuncOp fn);

class ExecServer {
public:
  /// `executor` runs every launch; `ctx` must have kfix's dialects registered.
  ExecServer(mlir::MLIRContext &ctx, std::unique_ptr<Executor> executor);
  ~ExecServer();
  /// Handles one request line; returns the response line (no newline). Never
  /// throws; sets `quit` for {"op":"quit"}.
  std::string handle(llvm::StringRef line, bool &quit);
  /// Serves `in` until EOF or quit, flushing `out` after each response.
  int serve(std::istream &in, llvm::raw_ostream &out);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace kfix::harness

#endif
