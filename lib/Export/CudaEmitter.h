//===- CudaEmitter.h - state of the CUDA C++ exporter -----------*- C++ -*-===//
//
// Private to lib/Export. A FunctionEmitter turns one lifted gpu.func into a
// __global__ function: values become C++ expressions (Expr) that are inlined
// where they are used once, or bound to `const` temporaries; allocas become
// named locals declared where they are first used.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_EXPORT_CUDAEMITTER_H
#define KFIX_LIB_EXPORT_CUDAEMITTER_H

#include "kfix/Export/ExportCUDA.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <string>
#include <vector>

namespace kfix::detail {

enum class CKind { Bool, Int, Float, Half, BF16, Vector };

/// The C++ type an expression has (not always the MLIR type of its value: an
/// `index` value may be carried by a 32-bit `int` or `unsigned` that C++
/// extends correctly where it is used).
struct CType {
  CKind kind = CKind::Int;
  unsigned bits = 32;
  bool isUnsigned = false;
  std::string name = "int";
  bool isInt() const { return kind == CKind::Int; }
  bool isLowFloat() const { return kind == CKind::Half || kind == CKind::BF16; }
};

/// The function that builds a vector value of type `t` from its lanes:
/// `make_float4`, and the pairing intrinsics for __half2 / __nv_bfloat162
/// (which have no make_ function).
inline std::string vectorMaker(const CType &t) {
  if (t.name == "__half2")
    return "__halves2half2";
  if (t.name == "__nv_bfloat162")
    return "__halves2bfloat162";
  return "make_" + t.name;
}

/// C++ operator precedence, larger binds tighter.
enum Prec : unsigned {
  kAssign = 2,
  kCond = 3,
  kLOr = 4,
  kLAnd = 5,
  kBitOr = 6,
  kBitXor = 7,
  kBitAnd = 8,
  kEq = 9,
  kRel = 10,
  kShift = 11,
  kAdd = 12,
  kMul = 13,
  kUnary = 15,
  kPostfix = 16,
  kPrimary = 17
};

struct Expr {
  std::string text;
  unsigned prec = kPrimary;
  CType type;
  bool isLiteral = false;
  /// Contains a call with side effects (an atomic): must keep its place.
  bool effects = false;
  /// Contains a warp-collective call (shuffle, vote): must be evaluated
  /// exactly once, unconditionally, where the IR has it.
  bool noDup = false;
  /// Roots of the memory the expression reads (see getRoot).
  llvm::SmallVector<mlir::Value, 2> reads;
};

/// What the module needs in its prelude.
struct ModuleState {
  bool needHalf = false, needBF16 = false, needMath = false, needStdio = false;
  llvm::SetVector<llvm::StringRef> helpers;
  /// File-scope `__constant__` declarations, in first-use order, by name.
  std::vector<std::pair<std::string, std::string>> constants;
};

/// When `op` is `arith.cmpi eq/ne` of `memref.dim %p, 0` of a kernel argument
/// and 0 (the lifted `p == nullptr` / `p != nullptr`): %p, and `isNull` for eq.
mlir::Value nullTestedParam(mlir::Operation *op, mlir::gpu::GPUFuncOp func, bool &isNull);

class FunctionEmitter {
public:
  FunctionEmitter(mlir::gpu::GPUFuncOp func, const ExportOptions &options, ModuleState &module)
      : func(func), options(options), mod(module) {}

  /// Writes the whole __global__ function to `os`.
  mlir::LogicalResult emit(llvm::raw_ostream &os);

private:
  // --- Types and literals (CTypes.cpp).
  mlir::FailureOr<CType> cType(mlir::Type type, mlir::Location loc, bool isUnsigned = false);
  mlir::FailureOr<Expr> literal(mlir::Attribute attr, mlir::Type type, mlir::Location loc);
  mlir::FailureOr<std::string> declarator(mlir::Type type, llvm::StringRef name,
                                          mlir::Location loc);
  /// `T name` for a rank-0 alloca: its `kfix.ctype` when it spells an integer
  /// type of the right width (the lifter's record of the C++ type), else the
  /// type derived from the element type. Marks unsigned locals.
  mlir::FailureOr<std::string> scalarDeclarator(mlir::Operation *alloca, llvm::StringRef name);

  // --- Expressions (EmitExpr.cpp).
  mlir::LogicalResult emitExprOp(mlir::Operation *op);
  mlir::FailureOr<Expr> buildExpr(mlir::Operation *op);
  mlir::FailureOr<Expr> buildArith(mlir::Operation *op);
  mlir::FailureOr<Expr> buildCast(mlir::Operation *op);
  mlir::FailureOr<Expr> buildMath(mlir::Operation *op);
  mlir::FailureOr<Expr> buildCmp(mlir::Operation *op);
  mlir::FailureOr<Expr> buildGpu(mlir::Operation *op);
  mlir::FailureOr<Expr> buildVector(mlir::Operation *op);
  mlir::FailureOr<Expr> buildAtomic(mlir::Operation *op);
  mlir::FailureOr<Expr> buildTernary(mlir::Operation *op);
  bool isExprOp(mlir::Operation *op);

  // --- Statements and control flow (EmitStmt.cpp).
  mlir::LogicalResult
  emitBlock(mlir::Block &block,
            llvm::function_ref<mlir::LogicalResult(mlir::Operation *)> onTerminator = nullptr);
  /// Declares a C++ variable for `bindTo` (named `hint`, or a temporary);
  /// returns "" on error.
  std::string declareVar(mlir::Type type, llvm::StringRef hint, const Expr *init,
                         mlir::Location loc, mlir::Value bindTo);
  mlir::LogicalResult emitOp(mlir::Operation *op);
  mlir::LogicalResult emitStore(mlir::Operation *op);
  mlir::LogicalResult emitFor(mlir::Operation *op);
  mlir::LogicalResult emitWhile(mlir::Operation *op);
  mlir::LogicalResult emitIf(mlir::Operation *op);
  mlir::LogicalResult emitYieldAssign(mlir::ValueRange vars, mlir::ValueRange values);
  mlir::LogicalResult declareAlloca(mlir::Operation *alloca);
  void planLocals();
  /// Skips the (pure) ops that only compute the sizes of dynamic shared memory views.
  void skipSizeChain(mlir::ValueRange sizes);

  // --- Memory (EmitStmt.cpp).
  mlir::FailureOr<std::string> access(mlir::Value memref, mlir::ValueRange indices, Expr &out);
  mlir::FailureOr<std::string> memrefName(mlir::Value memref, mlir::Location loc);
  /// `__constant__` memory (EmitMemory.cpp): the kernel arguments listed in
  /// `kfix.constants` (left out of the signature, in `constantArgs`), their
  /// reinterpret_cast views and the memref.global constants read, named as
  /// the variables and declared at file scope.
  mlir::LogicalResult declareConstants();
  llvm::DenseSet<unsigned> constantArgs;
  mlir::FailureOr<std::string> vectorAccess(mlir::Value memref, mlir::ValueRange indices,
                                            mlir::VectorType type, bool isStore, Expr &out);
  mlir::FailureOr<std::string> pointerTo(mlir::Value memref, mlir::ValueRange indices,
                                         const CType &want, Expr &out);
  /// Speculatively emits `block` (all expression ops) and returns the
  /// expression of `result`; std::nullopt (and nothing written) when the block
  /// needs statements.
  mlir::FailureOr<std::optional<Expr>> tryInlineBlock(mlir::Block &block, mlir::Value result);

  // --- Values.
  /// The expression of `v`, consuming it if it was deferred.
  mlir::FailureOr<Expr> use(mlir::Value v);
  /// Records `e` as the value of `v`: inlined later, or bound to a temporary now.
  void define(mlir::Value v, Expr e);
  void materialize(mlir::Value v);
  /// Binds deferred reads that `op` may clobber (and any deferred side effect)
  /// to temporaries before `op`'s statement is written.
  void flushFor(mlir::Operation *op);
  void flushAll();

  // --- Names and output.
  std::string freshTemp();
  std::string declareName(llvm::StringRef preferred);
  void pushScope() { scopes.emplace_back(); }
  void popScope() { scopes.pop_back(); }
  void line(const llvm::Twine &text);
  void locComment(mlir::Operation *op);

  mlir::gpu::GPUFuncOp func;
  const ExportOptions &options;
  ModuleState &mod;

  std::string body;
  unsigned indent = 1;
  llvm::DenseMap<mlir::Value, Expr> values;
  /// Deferred values with reads or effects, per open block.
  llvm::SmallVector<llvm::SmallVector<mlir::Value>> pending;
  llvm::DenseMap<mlir::Value, std::string> memNames;
  llvm::DenseMap<mlir::Value, bool> unsignedElems;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Operation *, 1>> declareBefore;
  llvm::DenseSet<mlir::Operation *> skipOps;
  /// 64-bit values that end in an unsigned index cast (`p[(size_t)i * n]`):
  /// the sign extensions among them are spelled `(size_t)`.
  llvm::DenseSet<mlir::Value> unsignedIndexMath;
  /// i8 buffers that hold C++ `bool`s (a read of one is already a bool).
  llvm::DenseSet<mlir::Value> boolElems;
  /// Kernel arguments that are PyTorch tensor accessors (N-D memrefs whose
  /// C++ type names an accessor): `a[i][j]`, `a.size(d)`.
  llvm::DenseSet<mlir::Value> accessorArgs;
  llvm::DenseMap<mlir::Operation *, mlir::Operation *> loopVars;
  llvm::SmallVector<llvm::StringSet<>> scopes;
  llvm::StringSet<> reserved;
  unsigned nextTemp = 0;
  std::string smemDecls;
};

/// The memory a memref value refers to: an alloca, a workgroup attribution,
/// the dynamic shared memory op, or a kernel argument.
mlir::Value getRoot(mlir::Value memref);
bool mayAlias(mlir::Value rootA, mlir::Value rootB);
std::string parenthesize(const Expr &e, unsigned minPrec);

// Expression builders (EmitExpr.cpp).
Expr make(std::string text, unsigned prec, CType type);
void merge(Expr &dst, const Expr &src);
CType intType(unsigned bits, bool isUnsigned);
CType boolType();
unsigned widthOf(mlir::Type t);
Expr castTo(const Expr &e, const CType &t);
Expr asInt(const Expr &e, unsigned bits, bool wantUnsigned);
Expr widen(const Expr &e, unsigned bits);
Expr binary(const Expr &a, llvm::StringRef op, const Expr &b, unsigned prec, CType type);
Expr call(llvm::StringRef fn, llvm::ArrayRef<Expr> args, CType type);
bool isSimple(const Expr &e);

} // namespace kfix::detail

#endif // KFIX_LIB_EXPORT_CUDAEMITTER_H
