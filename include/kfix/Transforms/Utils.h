//===- Utils.h - helpers shared by instrumentation and repair passes -*- C++ -*-===//
#ifndef KFIX_TRANSFORMS_UTILS_H
#define KFIX_TRANSFORMS_UTILS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace kfix {

/// The next unused `site` number in `root` (one more than the largest site of
/// any kfix op below it), so that passes run in sequence never reuse a site.
int64_t nextFreeSite(mlir::Operation *root);

/// The gpu.funcs of `module` that do not carry the unit attribute `marker`
/// yet, each marked now: what an instrumentation pass still has to instrument
/// (so that running it twice changes nothing).
llvm::SmallVector<mlir::gpu::GPUFuncOp> takeUnmarkedFuncs(mlir::gpu::GPUModuleOp module,
                                                          llvm::StringRef marker);

/// The innermost file:line:col location inside `loc` (through fused, name and
/// call-site locations), if any.
std::optional<mlir::FileLineColLoc> findFileLineCol(mlir::Location loc);

/// Whether C lets `at` read the local `local` (a named alloca: the lifter
/// keeps its scope, the declaration to the end of its block, in the metadata
/// of its fused location); true when unknown.
bool inLocalScope(mlir::Operation *local, mlir::Operation *at);

/// "file:line:col" of `loc`, or "?" when it has none.
std::string formatLoc(mlir::Location loc);

/// One entry of an op's `kfix.callarg` mark (docs/ir-conventions.md): the
/// operand reading an inlined call's by-value argument, the argument's index,
/// the call's LINE:COL and the argument's source range BL:BC:EL:EC.
struct CallArgUse {
  unsigned operand = 0, arg = 0;
  std::string call, range;
};
/// The parsed `kfix.callarg` entries of `op` (malformed entries skipped).
std::vector<CallArgUse> callArgUses(mlir::Operation *op);

/// True when `loc` matches a user-given site filter "file:line[:col]" or
/// "line" (the file part compares by suffix, so "softmax.cu:14" matches
/// "/tmp/x/softmax.cu:14:3"). An empty filter matches everything.
bool locMatches(mlir::Location loc, llvm::StringRef filter);

/// The name of the well-known constant `v` is (pi, sqrt(2), 1/sqrt(2),
/// ln(2), sqrt(2/pi), the GELU and SELU coefficients...) to float precision,
/// or empty.
std::string mathConstantName(double v);

/// Well-known constants a slip turns `v` into or from: its reciprocal, its
/// square, its square root, its double and half, each only when it is a
/// well-known constant itself (the reciprocal always first when it is).
llvm::SmallVector<double> relatedMathConstants(double v);

/// `v` with every digit a double has (`%.17g`), as edits spell a value.
std::string exactFloatText(double v);

/// The warp shuffle whose result `v` is: directly, through integer/float
/// casts, or through scalar locals assigned once (`const float m_o =
/// __shfl_xor_sync(...)` passed by value to an inlined helper); else null.
mlir::gpu::ShuffleOp shuffleSource(mlir::Value v);

/// N of a bound rounded down to a multiple of a constant U >= 2 (`N - N % U`,
/// `(N / U) * U`, through casts and a local stored once), or null: the end of
/// a loop unrolled by U.
mlir::Value roundedDownBound(mlir::Value v);
/// The inner `for (u = 0; u < U; ++u)` (U a constant >= 2) directly in
/// `outer`'s body, or null.
mlir::scf::ForOp innerUnitLoop(mlir::scf::ForOp outer);
/// The chunk terms of an integer index (`k * H` in `gx[k * H + j]`, through
/// adds and integer casts): a constant k times a value S that is not, as the
/// constant's operand and S.
void chunkTerms(mlir::Value v,
                llvm::SmallVectorImpl<std::pair<mlir::OpOperand *, mlir::Value>> &out);

} // namespace kfix

#endif
