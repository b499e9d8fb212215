//===- EditVocabulary.h - shared helpers of the edit vocabulary -*- C++ -*-===//
//
// Internal to lib/Transforms/Repair: what enumerating edits
// (EditEnumeration.cpp) and applying them (RepairEdit.cpp) share: the
// operator classes a slip moves within, and the values in scope an edit can
// name (EditValues.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_TRANSFORMS_REPAIR_EDITVOCABULARY_H
#define KFIX_LIB_TRANSFORMS_REPAIR_EDITVOCABULARY_H

#include "kfix/Transforms/Edits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kfix::edit {

/// Operators a slip replaces by one another. Ops of one "family" share their
/// inherent attributes (overflow flags, fast-math flags).
struct OpClass {
  std::vector<llvm::StringRef> ops;
  bool sameProperties;
};

const std::vector<OpClass> &opClasses();
/// The class of the op named `name`, or null.
const OpClass *classOf(llvm::StringRef name);
bool isNonCommutative(mlir::Operation *o);
/// A two-operand arith op (integer or float).
bool isBinaryArith(mlir::Operation *o);
/// The predicates a slip turns `p` into, with their priors.
std::vector<std::pair<std::string, double>> cmpiNeighbours(mlir::arith::CmpIPredicate p);
std::vector<std::pair<std::string, double>> cmpfNeighbours(mlir::arith::CmpFPredicate p);

mlir::gpu::GPUFuncOp funcOf(mlir::Operation *op);
std::string lineCol(mlir::Location l);
/// The scf.for loops around `op`, innermost first.
llvm::SmallVector<mlir::scf::ForOp> enclosingFors(mlir::Operation *op);
/// The `for` and `while` loops around `op`, innermost first.
llvm::SmallVector<mlir::Operation *> enclosingLoops(mlir::Operation *op);
/// A loop's body: a `for`'s block, a `while`'s after-region block.
mlir::Block *loopBody(mlir::Operation *loop);
/// Whether C lets `at` read the local `a` (the scope the lifter keeps in
/// the metadata of its fused location: the declaration to the end of its
/// block; true when unknown).
bool inScope(mlir::memref::AllocaOp a, mlir::Operation *at);
/// The local named `name` visible at `at` (`scoped`: in C scope there).
mlir::memref::AllocaOp findVarIn(mlir::Operation *at, llvm::StringRef name, bool scoped);
/// The local named `name` visible at `at`: in C scope there, else any.
mlir::memref::AllocaOp findVar(mlir::Operation *at, llvm::StringRef name);
/// The value an edit's `with=` names (arg:, var:, def:, a loop index, a constant).
mlir::Value resolveValue(mlir::Operation *at, llvm::StringRef spec, mlir::Type type,
                         std::string &error);
/// How an edit names `v` at `at` (empty when it cannot).
std::string nameValue(mlir::Operation *at, mlir::Value v);
/// `v` in words, for the edit's description.
std::string show(mlir::Value v, unsigned depth = 0);
/// In-scope values of `v`'s type that could stand where `v` is read by `at`,
/// nearest first, with their priors.
std::vector<std::pair<mlir::Value, double>> replacementCandidates(mlir::Operation *at,
                                                                  mlir::Value v, unsigned nearest);
/// The locals (rank-0 allocas named by the lifter) `op` reads or writes.
llvm::SmallVector<mlir::memref::AllocaOp> localsOf(mlir::Operation *op);
/// The store that initializes local `a` for `at` (a constant, outside the loop
/// around `at`, dominating it).
mlir::memref::StoreOp initStore(mlir::memref::AllocaOp a, mlir::Operation *at);
/// The loops around `at` an initialization could move into (indices into
/// enclosingLoops).
llvm::SmallVector<unsigned> reinitLoops(mlir::memref::StoreOp init, mlir::Operation *at);
/// How a float value reaches a store: 0 stored as it is (through casts), 1 as
/// a factor of a stored product (2 of a product of products), -1 not at all.
int storedAs(mlir::Value v, unsigned depth = 0);
std::string floatSpecial(double v);
/// The store whose value a load of a local reads (the latest store before it
/// on every path), or null when stores in a loop or branch between them make
/// it ambiguous (EditWindows.cpp).
mlir::memref::StoreOp reachingStore(mlir::memref::LoadOp load);
/// `v` rebuilt before `at` with each read of a local just clamped (`s = max(s,
/// 0)`, `e = min(e, D)`) replaced by the value the clamp clipped; null when `v`
/// reads no clamped local. With a null builder: only whether it would change
/// (`v` itself, or null).
mlir::Value unclampedValue(mlir::OpBuilder *b, mlir::Value v, mlir::Operation *at);
/// A conditional count (`if (inside) ++count;`) read by `v` (through a cast)
/// replaced by the product of the trip counts of the loops it is counted in,
/// built before `at` (cast like `v`); null when `v` is no such count. With a
/// null builder: only whether it is (`v`, or null).
mlir::Value windowCount(mlir::OpBuilder *b, mlir::Value v, mlir::Operation *at);
/// A loop unrolled by U over `N - N % U` with an inner `for (u = 0; u < U;
/// ++u)` and no remainder: run up to N, the inner loop up to min(U, N - j).
/// False when `outer` is no such loop; with a null builder, only the test
/// (EditWindows.cpp).
bool unrollTail(mlir::OpBuilder *b, mlir::scf::ForOp outer);
/// `min(a, b) - c` -> `min(a, b - c)` (J = 1) or `min(a - c, b)` (J = 0) at
/// the term op; false when it adds to no min/max read only there. With a null
/// builder, only the test (EditClips.cpp).
bool distributeTerm(mlir::OpBuilder *b, mlir::Operation *term, unsigned j);
/// `min(x - c, b)` -> `min(x, b) - c` at the min/max, J the operand holding
/// the term; false when operand J is no term read only there (EditClips.cpp).
bool collectTerm(mlir::OpBuilder *b, mlir::Operation *clip, unsigned j);
/// Operand I (or the sum it is computed by) uses a loop bound K whose loop
/// reads taps `k * D` apart: K becomes the taps' extent `(K - 1) * D + 1`.
/// With a null builder, only the test (EditClips.cpp).
bool dilateExtent(mlir::OpBuilder *b, mlir::Operation *op, unsigned i);
/// `(E + a) / (E + b)` (a numerator of E alone too) -> `1 + (a - b) / (E +
/// b)`: no inf / inf once E overflows. With a null builder, only the test
/// (EditRatios.cpp).
bool stableRatio(mlir::OpBuilder *b, mlir::Operation *op);
std::optional<double> parseFloatSpec(llvm::StringRef s);
/// The `axis` edits of operand I: a launch coordinate its expression reads
/// (`grid_dim.y`) moved to another axis, as `grid_dim.y>x` (EditAxes.cpp).
std::vector<std::string> axisEdits(mlir::Operation *op, unsigned i);
/// Applies one `axis` edit to operand I's expression only; false when it
/// reads no such coordinate (EditAxes.cpp).
bool retargetAxis(mlir::Operation *op, unsigned i, llvm::StringRef spec);
/// Every read of local `x` reads local `y` and back where both are defined
/// (each stored exactly once, both stores dominating the read); the reads are
/// marked kfix.swap for the patch. False (nothing changed) when they are not
/// two such locals (`vars` false: not both `var:` names) (EditExchanges.cpp).
bool exchangeLocals(mlir::gpu::GPUFuncOp func, llvm::StringRef x, llvm::StringRef y, bool vars);
/// A `threadIdx < n` test that guards one statement alone becomes a loop over
/// the block's threads (`for (j = tid; j < n; j += blockDim)`); false when
/// `op` is no such test. With a null builder, only the test (EditBlockLoop.cpp).
bool blockLoop(mlir::OpBuilder *b, mlir::Operation *op);
/// Applies an `exchange` edit at `op` (two names of the stored formula or of a
/// load's index, two locals stored once, or `const:K` chunk numbers); false
/// with `error` when it does not apply (EditExchanges.cpp).
bool applyExchange(mlir::Operation *op, const EditSpec &e, mlir::OpBuilder &b, std::string &error,
                   llvm::SmallVectorImpl<mlir::Value> &dropped);
/// The pairs of names of one type the value `st` stores reads (parameters
/// and locals), at most `max` (EditExchanges.cpp).
std::vector<std::pair<std::string, std::string>> exchangePairs(mlir::memref::StoreOp st,
                                                               unsigned max);
/// Chunk numbers k1 and k2 exchanged at every read whose index has a chunk
/// term `k * S` of the stride the reads at `site`'s location have, once per
/// kernel; the constants changed are marked repaired by `pass`. False when
/// the site reads no such chunk (EditExchanges.cpp).
bool exchangeChunks(mlir::memref::LoadOp site, int64_t k1, int64_t k2, llvm::StringRef pass);

/// The extent E of the 0-based loop whose counter `op` (a cast or read of
/// it) is, when E is computed (not a constant); null otherwise
/// (EditOffsets.cpp).
mlir::Value offsetExtent(mlir::Operation *op);
/// The named integers in scope (`arg:`/`var:` specs, nearest first, at most
/// `max`) an `offset` edit at `op` may use as the missing base X of `X * E +
/// i` (EditOffsets.cpp).
std::vector<std::string> offsetBases(mlir::Operation *op, unsigned max);
/// The index `i` at `op` becomes `X * E + i` for every reader, X the value
/// `spec` names and E the extent of its loop; false with `error` when `op` is
/// no such index (EditOffsets.cpp).
bool applyOffset(mlir::OpBuilder &b, mlir::Operation *op, llvm::StringRef spec, std::string &error);

/// `x` -> `x OP y` at `op` (`with=OP:Y`, Y a parameter, a local or an
/// integer; x at operand 0 or 1 of the new op): false with `error` when
/// `op` is no integer value or Y names nothing (EditWraps.cpp).
bool applyWrap(mlir::Operation *op, const EditSpec &e, std::string &error);

/// The `callarg` operand specs (`I@LINE:COL`) of operand I of `op`: a read
/// of a by-value argument of the inlined call at LINE:COL (EditCallArgs.cpp).
std::vector<std::string> callArgSites(mlir::Operation *op, unsigned i);
/// Applies a `callarg` edit at `op`: the argument its operand reads (of the
/// call the spec names) becomes another kernel parameter in every read of
/// that call's copy; a copy of another call is left alone (true, nothing
/// changed); false with `error` when the spec does not apply
/// (EditCallArgs.cpp).
bool applyCallArg(mlir::Operation *op, const EditSpec &e, std::string &error);

/// Applies a `once` edit at `op`: its operand kept for the first thread,
/// block or lane of a coordinate (EditOnce.cpp).
bool applyOnce(mlir::Operation *op, const EditSpec &e, std::string &error);

/// Applies a `readguard` edit at a load of a shared buffer: its value where
/// the block's stores cover the index, the identity `with` names elsewhere;
/// false with `error` when the stores' extent cannot be read
/// (EditReadGuards.cpp).
bool applyReadGuard(mlir::Operation *op, const EditSpec &e, std::string &error);

} // namespace kfix::edit

#endif // KFIX_LIB_TRANSFORMS_REPAIR_EDITVOCABULARY_H
