//===- RepairUtils.h - matchers shared by the repair passes -----*- C++ -*-===//
//
// Small queries over the lifted IR of docs/ir-conventions.md that several
// repair passes need: which memrefs are global or shared, which values differ
// between threads, where C variables (kfix.var allocas) are read and written.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_TRANSFORMS_REPAIR_REPAIRUTILS_H
#define KFIX_LIB_TRANSFORMS_REPAIR_REPAIRUTILS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace kfix {

/// Sets `kfix.repaired = passArg` on `op`.
void markRepaired(mlir::Operation *op, llvm::StringRef passArg);

/// The kernel argument named `name` in `kfix.arg_names`, or a null value.
mlir::Value getArgByName(mlir::gpu::GPUFuncOp func, llvm::StringRef name);
/// The C++ name (`kfix.arg_names`) of kernel argument `arg`, or "".
llvm::StringRef getArgName(mlir::gpu::GPUFuncOp func, mlir::BlockArgument arg);
/// The C++ type (`kfix.arg_ctypes`) of kernel argument `arg`, or "".
llvm::StringRef getArgCType(mlir::gpu::GPUFuncOp func, mlir::BlockArgument arg);
/// True when a C++ type spelling names an unsigned integer type.
bool isUnsignedCType(llvm::StringRef ctype);

/// True when `memref` lives in workgroup (shared) memory.
bool isSharedMemref(mlir::Value memref);
/// True when `memref` is a kernel argument (global memory).
bool isGlobalMemref(mlir::Value memref);

/// The alloca of a C local scalar (`memref.alloca {kfix.var}` of rank 0), when
/// `memref` is one.
mlir::memref::AllocaOp getVarAlloca(mlir::Value memref);
/// When `v` is `memref.load` of a local scalar, that variable's alloca.
mlir::memref::AllocaOp loadedVar(mlir::Value v);
/// Every `memref.store` to the local `var`.
llvm::SmallVector<mlir::memref::StoreOp> storesTo(mlir::memref::AllocaOp var);

/// Looks through `arith.index_cast[ui]`, `extsi`, `extui` and `trunci`.
mlir::Value stripCasts(mlir::Value v);

/// The C integer expression an access index was cast from (`index_cast[ui]`
/// operand), or `idx` itself.
mlir::Value cIndex(mlir::Value idx);

/// The memref and indices of a load/store/atomic/vector access, if `op` is one.
struct MemAccess {
  mlir::Value memref;
  mlir::ValueRange indices;
  bool isWrite = false;
  bool isRead = false;
};
std::optional<MemAccess> getMemAccess(mlir::Operation *op);

/// True when `v` may differ between the threads of a block: it depends on
/// gpu.thread_id / lane_id, directly or through locals, loads indexed by such
/// values, or loop variables of loops whose bounds do.
bool isThreadDependent(mlir::Value v);

/// True when some region holding `op` (below `func`) is entered only by some
/// threads: an scf.if on a thread-dependent condition, an scf.while whose
/// condition is thread-dependent or an scf.for with thread-dependent bounds.
bool isInDivergentCode(mlir::Operation *op);

/// Structural equality of two integer expressions: same ops and attributes,
/// equal operands; loads of the same local variable compare equal.
bool sameExpr(mlir::Value a, mlir::Value b, unsigned depth = 0);

/// The ancestor of `op` (or `op` itself) whose parent block is `block`.
mlir::Operation *ancestorIn(mlir::Block *block, mlir::Operation *op);

/// The innermost block holding both `a` and `b` (through their ancestors).
mlir::Block *commonBlock(mlir::Operation *a, mlir::Operation *b);

/// An `i32`/`i64`/index constant or `arith.constant` integer value, if any.
std::optional<int64_t> getConstInt(mlir::Value v);
/// A float `arith.constant` value, if any.
std::optional<double> getConstFloat(mlir::Value v);

/// A quotient, remainder, shift or power by a constant (`n / 4`, `i % 32`):
/// the operands the other way round (`4 / n`) are no slip anyone makes.
bool constantSecondOperand(mlir::Operation *o);

/// When `v` is `gpu.<Op> <dim>` possibly behind casts, the dimension.
template <typename OpT> std::optional<mlir::gpu::Dimension> matchGpuId(mlir::Value v) {
  if (auto op = stripCasts(v).getDefiningOp<OpT>())
    return op.getDimension();
  return std::nullopt;
}

/// `x`, `y` or `z` as a dimension; nullopt for anything else.
std::optional<mlir::gpu::Dimension> parseLaunchDim(llvm::StringRef s);
/// The dimension of a launch coordinate op (gpu.thread_id, block_id,
/// block_dim, grid_dim).
mlir::gpu::Dimension launchCoordDim(mlir::Operation *coord);
/// A new launch coordinate op of `coord`'s kind along `d`, at `coord`'s
/// location, marked repaired by `passArg`.
mlir::Operation *createLaunchCoord(mlir::OpBuilder &b, mlir::Operation *coord,
                                   mlir::gpu::Dimension d, llvm::StringRef passArg);

} // namespace kfix

#endif
