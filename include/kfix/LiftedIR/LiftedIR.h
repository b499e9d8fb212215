//===- LiftedIR.h - the lifted-IR contract in one place ---------*- C++ -*-===//
//
// The ops the lifted IR may contain (docs/ir-conventions.md) with what each
// consumer needs to know about them, the one kernel lookup, and the check
// that a module keeps to the contract (`kfix-verify-lifted`). A new CUDA
// construct that lifts to an op not yet listed adds one row to the table in
// lib/LiftedIR/LiftedIR.cpp (docs/adding-a-cuda-construct.md).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIFTEDIR_LIFTEDIR_H
#define KFIX_LIFTEDIR_LIFTEDIR_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <memory>
#include <string>

namespace kfix {

/// What the contract says about an op.
enum LiftedOpFlags : uint32_t {
  /// May appear inside a kernel (`gpu.func ... kernel`).
  InKernel = 1u << 0,
  /// May appear outside kernels (module structure, globals).
  Structural = 1u << 1,
  ReadsMemory = 1u << 2,
  WritesMemory = 1u << 3,
  /// Synchronizes or exchanges values between threads (barrier, shuffle, vote).
  Collective = 1u << 4,
  /// lib/Export prints it as CUDA C++.
  Exportable = 1u << 5,
  /// kfix-lower-to-host (lib/Conversion/GPUToHost, the CPU runtime ABI) lowers it.
  HostLowerable = 1u << 6,
  /// The integrity gate's static checks accept it in a candidate kernel.
  GateAllowed = 1u << 7,
};

struct LiftedOpInfo {
  /// "memref.load"; a dialect-wide row is "arith.*".
  llvm::StringRef name;
  uint32_t flags;
  bool has(LiftedOpFlags f) const { return (flags & f) == f; }
};

/// The row for `opName` (an exact row first, else its dialect's `.*` row), or null.
const LiftedOpInfo *lookupLiftedOp(llvm::StringRef opName);
inline const LiftedOpInfo *lookupLiftedOp(mlir::Operation *op) {
  return lookupLiftedOp(op->getName().getStringRef());
}
/// Every row of the table (for docs and tests).
llvm::ArrayRef<LiftedOpInfo> liftedOpTable();

/// True when the row for `op` exists and has all of `flags`.
bool liftedOpHas(mlir::Operation *op, uint32_t flags);

/// The first op nested in `root` (root excluded, in the post-order of
/// Operation::walk) whose row lacks one of `flags`, or null: what a consumer
/// refuses before it starts.
mlir::Operation *firstOpWithout(mlir::Operation *root, uint32_t flags);

/// The gpu.func kernel named `kernel`: its `kfix.name` (the C++ spelling), else
/// its symbol, else the symbol kernelSymbolName(kernel) gives; null if none.
mlir::Operation *findKernel(mlir::ModuleOp module, llvm::StringRef kernel);

/// The C++ name of a kernel: `kfix.name`, else the symbol name.
llvm::StringRef kernelName(mlir::Operation *kernel);

/// Calls `fn` on every gpu.func kernel of `module`, in order.
void forEachKernel(mlir::ModuleOp module, llvm::function_ref<void(mlir::Operation *)> fn);

/// The symbol a kernel of source name `name` gets in the lifted IR, and the name
/// under which a template instantiation is exported as a plain kernel:
/// `argmax_kernel<float>` -> `argmax_kernel_float` (every run of characters other
/// than letters, digits and `_` becomes one `_`).
std::string kernelSymbolName(llvm::StringRef name);

/// Checks `module` against the table; emits one located error per violation.
mlir::LogicalResult verifyLiftedModule(mlir::ModuleOp module);

/// Whether the consumers run verifyLiftedModule on what they get: env
/// KFIX_VERIFY_LIFTED=1 turns it on, =0 off; unset, it is on in builds without
/// NDEBUG. Read once per process.
bool verifyLiftedEnabled();

/// verifyLiftedModule when verifyLiftedEnabled(), else success. `who` names the
/// consumer in a note ("the exporter").
mlir::LogicalResult maybeVerifyLifted(mlir::ModuleOp module, llvm::StringRef who);

#define GEN_PASS_DECL
#include "kfix/LiftedIR/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "kfix/LiftedIR/Passes.h.inc"

} // namespace kfix

#endif
