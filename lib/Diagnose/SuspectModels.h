//===- SuspectModels.h - bug-class models over a kernel's slice -*- C++ -*-===//
//
// Internal to lib/Diagnose. A model recognizes the IR shape that carries one
// class of bug and scores the op (or declaration) that carries it: a prior for
// the shape, raised or lowered by the failure signature. Suspects.cpp seeds
// the slices and ranks what the models add.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_DIAGNOSE_SUSPECTMODELS_H
#define KFIX_LIB_DIAGNOSE_SUSPECTMODELS_H

#include "SuspectSlice.h"
#include "kfix/Diagnose/Suspects.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/DenseSet.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kfix::suspects {

struct SuspectContext {
  SuspectContext(const SuspectInput &in, mlir::gpu::GPUFuncOp func);
  const SuspectInput &in;
  mlir::gpu::GPUFuncOp func;
  MemoryUses mem;
  /// Slice of the stores that wrote wrong elements (all output stores when
  /// unknown) and of faulting accesses; slice of the stores whose every write
  /// was right.
  BackwardSlice bad, good;
  bool haveEvidence = false;
  llvm::DenseSet<mlir::Operation *> findingOps;
  std::set<std::string> tags;
  std::string magnitude, pattern;
  int64_t threadsPerBlock = 0;
  /// Suspects by "file:line:col".
  std::map<std::string, Suspect> out;

  bool tag(llvm::StringRef t) const { return tags.count(t.str()); }
  bool isOutput(mlir::Value memref);
  std::string paramName(unsigned i);
  void seed();
  /// Scores `op` (weighted by the differential slice of `anchor`, default op).
  void add(mlir::Operation *op, llvm::StringRef kind, double score, llvm::StringRef why,
           mlir::Operation *anchor = nullptr);
  /// Names the edit the suspect of `kind` at `op` implies (`hint`); with
  /// `keepFirst`, not over a hint it already has.
  void setHint(mlir::Operation *op, llvm::StringRef kind, llvm::StringRef hint,
               bool keepFirst = false);
  void addAt(const std::string &file, unsigned line, unsigned col, llvm::StringRef opName,
             llvm::StringRef kind, double score, llvm::StringRef why, mlir::Operation *anchor);
};

/// Runs every bug-class model over the kernel.
void applyModels(SuspectContext &ctx);
/// A memref in workgroup (shared) memory (SuspectBarriers.cpp).
bool isShared(mlir::Value memref);
/// Named integer locals stored exactly once, with that store, in program
/// order (SuspectRedefinitions.cpp).
std::vector<std::pair<std::string, mlir::memref::StoreOp>>
namedIntLocalsStoredOnce(SuspectContext &ctx);
/// A loop variable halving from blockDim (SuspectReductions.cpp).
void treeHalving(SuspectContext &ctx, mlir::Operation *op);
/// The shuffle models at a warp shuffle; `stores` are the wrong outputs'
/// stores (SuspectReductions.cpp).
void shuffleModels(SuspectContext &ctx, mlir::Operation *op,
                   const std::vector<mlir::Operation *> &stores);
/// Ops worth naming as weak suspects (arithmetic, comparisons, math, shuffles).
bool isArithmetic(mlir::Operation *op);

/// An accumulator seed every lane of a warp-shuffle sum brings
/// (SuspectAtomics.cpp).
void warpReplicatedModels(SuspectContext &ctx);
/// A shared load that read elements no thread of its block wrote
/// (SuspectShared.cpp).
void uninitReadModels(SuspectContext &ctx);
/// The models over accumulators (SuspectAccumulators.cpp).
void accumulatorModels(SuspectContext &ctx);
/// Where the barrier that a shared-memory race misses belongs
/// (SuspectBarriers.cpp).
void barrierModels(SuspectContext &ctx);
/// Bounds tests against another dimension's size (SuspectGuards.cpp).
void guardModels(SuspectContext &ctx);
/// A size computed like its siblings but without their `+ 1`
/// (SuspectSiblings.cpp).
void siblingModels(SuspectContext &ctx);
/// Accumulator updates in one loop body all but one scaled by a local
/// (SuspectSiblings.cpp).
void siblingScaleModels(SuspectContext &ctx);
/// Two reads of one buffer indexed alike but for one name (SuspectSiblings.cpp).
void siblingIndexModels(SuspectContext &ctx);
/// One local defined twice, once with an operation less (SuspectRedefinitions.cpp).
void siblingDefinitionModels(SuspectContext &ctx);
/// Two locals computed alike from a block coordinate (SuspectRedefinitions.cpp).
void twinDefinitionModels(SuspectContext &ctx);
/// A remainder of a value a parameter makes negative, where the cases fail
/// exactly at the parameter's negative values (SuspectScales.cpp).
void signModels(SuspectContext &ctx);
/// Comparisons that choose among ties, where only integer outputs (positions)
/// are wrong and the float outputs right (SuspectScales.cpp).
void tieModels(SuspectContext &ctx);
/// A tap count used as an extent where the cases pass only with unit tap
/// spacing (a dilation left out: SuspectScales.cpp).
void dilationModels(SuspectContext &ctx);
/// Written-out math constants a slip makes wrong (SuspectConstants.cpp).
void constantModels(SuspectContext &ctx);
/// A local or float parameter computed and never read, meant where a value
/// like it is read (SuspectUnused.cpp).
void unusedModels(SuspectContext &ctx);
/// An integer local that float values are stored into (SuspectUnused.cpp).
void truncatedLocals(SuspectContext &ctx);
/// A read of a buffer without the offset every other read of it adds
/// (SuspectRebase.cpp).
void rebaseModels(SuspectContext &ctx);
/// A signed value compared with a threshold beside a local keeping its
/// magnitude (SuspectUnused.cpp).
void absCompareModels(SuspectContext &ctx);
/// A float coordinate less a constant, truncated to an index beside its
/// fraction: negative at the first elements (SuspectUnused.cpp).
void negativeTruncation(SuspectContext &ctx);
/// The lane test of a warp scan step (SuspectScans.cpp).
void scanModels(SuspectContext &ctx);
/// A shfl_up whose offset a lane test compares against: a scan step.
bool isScanStep(mlir::gpu::ShuffleOp sh);
/// A term that every thread colliding on an atomic add adds again
/// (SuspectAtomics.cpp).
void atomicModels(SuspectContext &ctx);
/// Two names exchanged in one of several formulas of one shape
/// (SuspectSwaps.cpp).
void swapModels(SuspectContext &ctx);
/// A vector loop's index divided by a size in elements (SuspectVectors.cpp).
void vectorModels(SuspectContext &ctx);
/// One lane of a vector result read from another lane of its sources
/// (SuspectVectors.cpp).
void laneOrderModels(SuspectContext &ctx);
/// Where the constants of the suspects that a constant's value makes wrong
/// are defined (SuspectDefinitions.cpp); runs after the other models.
void definitionModels(SuspectContext &ctx);

// Helpers shared by the model files.
/// The index of a one-index memref.load or memref.store, or null.
mlir::Value flatIndex(mlir::Operation *op);
/// The value of a constant (through casts), as a double.
std::optional<double> constantValue(mlir::Value v);
/// A named scalar local's name (a rank-0 alloca the lifter named), or "".
llvm::StringRef localName(mlir::memref::AllocaOp a);
/// The name of an inlined helper's by-value parameter's copy (kfix.param),
/// or "" (localName leaves them out).
llvm::StringRef paramCopyName(mlir::memref::AllocaOp a);
/// The scalar local `v` loads (through casts), or null.
mlir::memref::AllocaOp localOf(mlir::Value v);
/// What holds the scalar `v` reads: its local (through casts), else the value
/// itself; equal for two reads of one scalar.
const void *scalarKey(mlir::Value v);
/// The name of a buffer: a local's kfix.var, a parameter or a shared array.
std::string bufferName(SuspectContext &ctx, mlir::Value memref);
/// The expression's shape with every kernel parameter alike (`a`), integer
/// constants by value and loads of locals alike (`l`) (SuspectSiblings.cpp).
std::string expressionShape(mlir::Value v, unsigned depth = 0);
/// `v` is (a cast of) a load from the buffer rooted at `root`.
bool loadsFrom(mlir::Value v, mlir::Value root);
/// A leaf of an integer index expression: the op reading it and which operand.
struct Leaf {
  mlir::Operation *user;
  unsigned operand;
  std::string name; // arg:NAME, var:NAME, a constant's value, or "?"
};
/// An index expression as a shape (`arith.muli(a,l,)`...) and its leaves in order.
struct IndexForm {
  mlir::Operation *load;
  std::string shape;
  std::vector<Leaf> leaves;
};
/// Walks the add/sub/mul/div/rem tree of the index `v` (SuspectSiblings.cpp).
void indexLeaves(SuspectContext &ctx, mlir::Value v, mlir::Operation *user, unsigned operand,
                 IndexForm &f, unsigned depth);
/// A stride or extent name used where a sibling name of the index's family was
/// meant (`h * in_stride_h` in a write through the out_stride_* strides;
/// SuspectStrides.cpp).
void strideFamilyModels(SuspectContext &ctx);
/// A 2-D coordinate of two loops flattened with the outer loop's own extent as
/// the row stride (`kh * KH + kw` for `kh * KW + kw`; SuspectStrides.cpp).
void flattenModels(SuspectContext &ctx);
/// The integer kernel parameter `v` is (through casts), or null
/// (SuspectGuards.cpp).
mlir::BlockArgument sizeParam(mlir::gpu::GPUFuncOp f, mlir::Value v);
/// A coordinate of a Horner-form index and the size parameter it ranges over.
struct Coordinate {
  mlir::Value value;
  mlir::BlockArgument extent;
};
/// The coordinates of a Horner-form index `((a * P + b) * Q + c)`: at each
/// level, the terms added to the one product by a size parameter range over
/// that parameter (c over Q, b over P), whatever their stride
/// (SuspectGuards.cpp).
void hornerCoordinates(mlir::gpu::GPUFuncOp f, mlir::Value v, std::vector<Coordinate> &out,
                       unsigned depth = 0);
/// A coordinate of a Horner-form index computed from a local derived from
/// another size where a sibling local derives from the coordinate's extent
/// (SuspectCoordinates.cpp).
void coordinateModels(SuspectContext &ctx);
/// A read of a local after its update where a copy taken before the update
/// exists (`n_a = count; count += n_b; ... count * n_b`; SuspectSnapshots.cpp).
void snapshotModels(SuspectContext &ctx);
/// A cross-lane merge that scales the other lane's value but not this
/// lane's (`l + l_o * exp(m_o - m_new)`; SuspectMerges.cpp).
void mergeScaleModels(SuspectContext &ctx);
/// A window bound read after its clip where the unclipped one was meant, and a
/// divisor that counts only the taps inside the input (SuspectWindows.cpp).
void windowModels(SuspectContext &ctx);
/// A value scaled by a size expression other than the one meant, when every
/// wrong output is off by a factor that changes with the sizes
/// (SuspectScales.cpp).
void scaleModels(SuspectContext &ctx);
/// shared-extent and uninit-shared over `__shared__` buffers (SuspectShared.cpp).
void sharedBufferModels(SuspectContext &ctx);
/// The thread-dim, grid-stride, tile-size and loop-step models at one op of the
/// slice (SuspectIndexing.cpp).
void indexModels(SuspectContext &ctx, mlir::Operation *op);

/// Which thread/block index dimensions an integer expression uses (bit per dim).
struct Dims {
  unsigned blockId = 0, threadId = 0, blockDim = 0, gridDim = 0;
};
void collectDims(mlir::Value v, const MemoryUses &mem, Dims &d, unsigned depth = 0);
/// Exactly one bit set.
bool single(unsigned bits);
/// The index of the highest set bit.
unsigned bitIndex(unsigned bits);
/// "x", "y" or "z".
const char *dimName(unsigned d);
/// A constant (through casts).
bool isConstant(mlir::Value v);

} // namespace kfix::suspects

#endif
