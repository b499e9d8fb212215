//===- Lifter.h - the per-kernel CUDA AST -> MLIR lifter --------*- C++ -*-===//
//
// Internal to lib/Frontend. One Lifter lifts one __global__ function (with
// the __device__ functions it calls inlined) into a gpu.func. The work is
// split by construct: LiftTypes.cpp (types, conversions), LiftExpr.cpp
// (expressions), LiftOperators.cpp (unary/binary/assignment operators),
// LiftMemory.cpp (variables, pointers, loads and stores), LiftStmt.cpp and
// LiftLoops.cpp (statements, control flow), LiftBuiltins.cpp and LiftHalf.cpp
// (CUDA builtins recognized by name), LiftCalls.cpp (device-function inlining).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_FRONTEND_LIFTER_H
#define KFIX_LIB_FRONTEND_LIFTER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace kfix::frontend {

/// A C++ integer value used as an index, with the signedness that picks
/// index_cast vs index_castui at the access. `v` null means zero.
struct Index {
  mlir::Value v;
  bool isUnsigned = false;
};

/// A pointer expression: base memref plus element offset (in units of the
/// base memref's element type). Arrays of rank > 1 keep their leading
/// indices in `lead`.
struct Ptr {
  mlir::Value base;
  llvm::SmallVector<Index, 2> lead;
  Index offset;
  /// Where a pointer variable's offset is written (the `+` of `float *b =
  /// smem + n;`): every access through the variable adds its index to that
  /// offset at the access, and the add records this place
  /// (`kfix.ptr_offset`), so an edit of the offset reaches every access.
  mlir::LocationAttr offsetFrom;
};

/// A place that can be read (and written unless `direct` is set).
struct LValue {
  mlir::Value memref;                  // memref holding the value
  llvm::SmallVector<Index, 2> indices; // C++ integer indices (may be fewer
                                       // than the rank: an array lvalue)
  mlir::Type valueType;                // what a read produces
  int lane = -1;                       // vector component (`v.x`)
  mlir::Value direct;                  // read-only SSA value
  /// How the source names a struct field's slot here (`n` in a member
  /// function, `o.n` through a reference): `kfix.spelling` on its accesses.
  std::string spelling;
};

/// A PyTorch tensor accessor type (LiftAccessors.cpp): element type, rank and
/// index type (`int32_t` for PackedTensorAccessor32).
struct AccessorInfo {
  clang::QualType elem;
  unsigned rank = 0;
  clang::QualType index;
};

/// What a C++ variable is bound to.
struct Binding {
  enum Kind { Slot, Direct, FixedPtr, PtrSlot, Array, Ref, Struct } kind = Slot;
  mlir::Value slot;  // Slot: memref<T>; PtrSlot: memref<i64> offset
  mlir::Value value; // Direct
  Ptr ptr;           // FixedPtr, or the base of a PtrSlot
  LValue ref;        // Ref, Array
  /// Struct: one rank-0 slot per scalar (or vector) field, depth first
  /// (LiftStructs.cpp); shared with the caller for a reference.
  llvm::SmallVector<mlir::Value, 4> leaves;
};

/// What an inlined member function or a call returning a struct needs
/// beyond its arguments (LiftStructs.cpp).
struct StructCall {
  const clang::CXXRecordDecl *thisRecord = nullptr; // a member function's class
  llvm::SmallVector<mlir::Value, 4> thisLeaves;     // the object's slots
  bool structReturn = false;
  llvm::SmallVector<mlir::Value, 4> retLeaves; // where a struct result goes
  bool pointerReturn = false;                  // a helper returning a pointer: Lifter::ptrResult
};

/// The break/continue flags of the innermost loop being lifted.
struct LoopFlags {
  mlir::Value breakFlag;
  mlir::Value continueFlag;
};

/// One function body being lifted: the kernel or an inlined device function.
struct Frame {
  const clang::FunctionDecl *fn = nullptr;
  llvm::DenseMap<const clang::ValueDecl *, Binding> vars;
  mlir::Value returnFlag; // i1 alloca, when the body returns early
  mlir::Value retSlot;    // result alloca of an inlined non-void function
  std::optional<Ptr> retPtr;
  bool isKernel = false;
  StructCall structCall; // `this` and a struct result (LiftStructs.cpp)
};

class Lifter {
public:
  Lifter(clang::ASTContext &ast, mlir::MLIRContext *ctx, std::string &errors);

  /// Lifts `fd`'s body into `func` (whose signature the caller built with
  /// kernelArgType). Fails after reporting an error.
  mlir::LogicalResult liftKernel(const clang::FunctionDecl *fd, mlir::gpu::GPUFuncOp func);
  /// The MLIR type of a kernel parameter (`T *` -> memref<?xT>).
  mlir::Type kernelArgType(const clang::ParmVarDecl *p);

  /// Names of the workgroup attributions, in order.
  llvm::SmallVector<std::string> sharedNames;

  /// A file-scope `__constant__` variable the kernel reads (ImportCUDA.cpp):
  /// a trailing kernel argument (`argIndex` >= 0: values set by the host with
  /// cudaMemcpyToSymbol, or by the task) or a `memref.global` constant
  /// (`global`: the variable's constant initializer).
  struct ConstantSym {
    const clang::VarDecl *vd = nullptr;
    int argIndex = -1;
    std::string global;    // symbol of the memref.global
    mlir::MemRefType type; // of the global, or the static shape of the arg
  };
  llvm::SmallVector<ConstantSym> constants;

  //===--- diagnostics and locations (LiftExpr.cpp) ---===//
  mlir::Location loc(clang::SourceLocation sl);
  mlir::Location loc(const clang::Stmt *s);
  mlir::Location loc(const clang::Decl *d);
  /// Reports `FILE:LINE:COL: error: <msg>` once; returns failure.
  mlir::LogicalResult error(clang::SourceLocation sl, const llvm::Twine &msg);
  mlir::LogicalResult cannotLift(const clang::Stmt *s, const llvm::Twine &what);
  bool hasError() const { return failed; }

  //===--- types (LiftTypes.cpp) ---===//
  mlir::Type convertType(clang::QualType t, clang::SourceLocation where);
  /// The type a value of `t` has in memory (bool -> i8).
  mlir::Type memoryType(clang::QualType t, clang::SourceLocation where);
  /// Element type of a memref for pointee type `t` (vector types included).
  bool isHalf(clang::QualType t) const;
  bool isBF16(clang::QualType t) const;
  /// A struct vector type (float4, half2, ...) -> (lanes, element type).
  std::optional<std::pair<unsigned, clang::QualType>> vectorInfo(clang::QualType t) const;
  bool isUnsignedInt(clang::QualType t) const;
  mlir::Value convert(mlir::Value v, clang::QualType from, clang::QualType to, mlir::Location l);
  mlir::Value convertScalar(mlir::Value v, mlir::Type to, bool srcUnsigned, bool dstUnsigned,
                            mlir::Location l);
  mlir::Value toBool(mlir::Value v, clang::QualType from, mlir::Location l);
  mlir::Value toIndex(Index i, mlir::Location l);
  mlir::Value constInt(mlir::Type t, int64_t v, mlir::Location l);
  mlir::Value constFloat(mlir::Type t, double v, mlir::Location l);
  mlir::Value constBool(bool v, mlir::Location l);
  mlir::Value zeroOf(mlir::Type t, mlir::Location l);

  //===--- expressions (LiftExpr.cpp) ---===//
  /// Lifts a non-pointer rvalue (scalar or vector). Null on failure.
  mlir::Value emitRValue(const clang::Expr *e);
  /// Lifts `e` for its side effects only.
  mlir::LogicalResult emitDiscarded(const clang::Expr *e);
  mlir::Value emitCond(const clang::Expr *e); // as i1
  mlir::Value emitCast(const clang::CastExpr *e);
  mlir::Value emitMember(const clang::MemberExpr *e);
  mlir::Value emitInitList(const clang::InitListExpr *e);
  mlir::Value emitConstruct(const clang::CXXConstructExpr *e);
  std::optional<mlir::Value> emitConstant(const clang::Expr *e);
  /// True when `e` has no side effects and reads no memory through pointers
  /// or arrays (safe to evaluate speculatively).
  bool isSpeculatable(const clang::Expr *e);
  mlir::Value builtinVar(const clang::Expr *base, llvm::StringRef field, mlir::Location l);

  //===--- operators (LiftOperators.cpp) ---===//
  mlir::Value emitBinary(const clang::BinaryOperator *e);
  mlir::Value emitArith(clang::BinaryOperatorKind op, mlir::Value l, mlir::Value r,
                        clang::QualType t, mlir::Location loc, const clang::Expr *at);
  mlir::Value emitUnary(const clang::UnaryOperator *e);
  mlir::Value emitAssign(const clang::BinaryOperator *e, LValue *out);
  mlir::Value emitIncDec(const clang::UnaryOperator *e, LValue *out);
  mlir::Value emitConditional(const clang::AbstractConditionalOperator *e);
  mlir::Value emitLogical(const clang::BinaryOperator *e);
  /// `ptr == nullptr` (isNull) or `ptr != nullptr` as i1, for a pointer that
  /// is a kernel parameter: `memref.dim %p, 0` compared with 0 (a null pointer
  /// is a buffer with no elements, docs/ir-conventions.md). Null after an error.
  mlir::Value emitNullTest(const clang::Expr *ptr, bool isNull, const clang::Expr *at);
  mlir::LogicalResult emitPointerAssign(const clang::Expr *lhs, const Ptr &p,
                                        const clang::Expr *at);

  //===--- memory (LiftMemory.cpp) ---===//
  mlir::FailureOr<LValue> emitLValue(const clang::Expr *e);
  mlir::FailureOr<Ptr> emitPointer(const clang::Expr *e);
  mlir::FailureOr<LValue> deref(const Ptr &p, clang::QualType pointee, const clang::Expr *at);
  Ptr addOffset(const Ptr &p, Index add, unsigned scale, bool subtract, mlir::Location l);
  mlir::Value load(const LValue &lv, mlir::Location l);
  mlir::LogicalResult store(const LValue &lv, mlir::Value v, mlir::Location l);
  /// A named local's slot at the kernel's entry; `wholeScope`: the local is
  /// visible from the start of the innermost scope (a parameter), else from
  /// `l` (a declaration).
  mlir::Value makeAlloca(mlir::Type t, llvm::StringRef name, mlir::Location l,
                         bool wholeScope = false);
  /// Records the C++ spelling of an integer variable's type on its alloca
  /// (`kfix.ctype`), so that an export declares it with the same signedness.
  void tagCType(mlir::Value slot, clang::QualType t);
  /// A view of the dynamic shared memory (`extern __shared__ T name[]`) with
  /// element type `et` (`elemBytes` bytes each), at byte 0.
  mlir::Value dynamicSharedView(mlir::Type et, int64_t elemBytes, llvm::StringRef name,
                                mlir::Location l);
  mlir::LogicalResult declareVar(const clang::VarDecl *vd);
  mlir::LogicalResult bindParam(const clang::ParmVarDecl *p, mlir::Value arg, bool isKernelArg);
  mlir::FailureOr<Binding *> lookup(const clang::ValueDecl *d, const clang::Expr *at);
  mlir::FailureOr<LValue> sharedVar(const clang::VarDecl *vd);
  unsigned lanesOf(const Ptr &p, clang::QualType pointee);
  bool isPtrWrittenIn(const clang::VarDecl *vd, const clang::Stmt *body);

  //===--- statements (LiftStmt.cpp, LiftLoops.cpp) ---===//
  mlir::LogicalResult emitStmt(const clang::Stmt *s);
  mlir::LogicalResult emitCompound(llvm::ArrayRef<const clang::Stmt *> stmts);
  mlir::LogicalResult emitIf(const clang::IfStmt *s);
  mlir::LogicalResult emitReturn(const clang::ReturnStmt *s);
  mlir::LogicalResult emitFor(const clang::ForStmt *s);
  mlir::LogicalResult emitWhileLike(const clang::Stmt *s);
  bool tryEmitScfFor(const clang::ForStmt *s, mlir::LogicalResult &result);
  /// The i1 "keep going" condition after `s` may have set exit flags, or null.
  mlir::Value exitGuard(const clang::Stmt *s, mlir::Location l);
  bool mayExit(const clang::Stmt *s, bool loopLevel);
  /// Creates the i1 flag alloca `name` (false at kernel entry) if needed.
  mlir::Value ensureFlag(mlir::Value &flag, llvm::StringRef name, mlir::Location l);
  bool isStride(const clang::Expr *e, const clang::Stmt *body);

  //===--- calls (LiftCalls.cpp, LiftBuiltins.cpp, LiftHalf.cpp) ---===//
  mlir::Value emitCall(const clang::CallExpr *e);
  mlir::Value inlineCall(const clang::FunctionDecl *fd, llvm::ArrayRef<const clang::Expr *> args,
                         const clang::Expr *call, LValue *refResult,
                         const StructCall *sc = nullptr);
  /// One argument of an inlined call, evaluated in the caller.
  struct InlineArg {
    mlir::Value v;
    Ptr p;
    LValue ref;
    /// The argument as the call writes it (null for functors).
    const clang::Expr *expr = nullptr;
    /// A struct argument: its values, or (a reference) its slots.
    bool isStruct = false, leavesAreSlots = false;
    llvm::SmallVector<mlir::Value, 4> leaves;
  };
  /// Marks the uses of a by-value argument that names a value (a kernel
  /// parameter, a local) which inlining `call` made: `kfix.callarg` on each
  /// user lists `OPERAND:ARG:CALLLINE:CALLCOL:BL:BC:EL:EC` (the argument's
  /// source range, EL:EC one past its last character), so that an edit can
  /// change one call's argument (every read of it in that copy of the body)
  /// and delivery can rewrite the argument where the call writes it.
  void tagCallArgUses(mlir::Value v, unsigned argIndex, const clang::Expr *arg,
                      const clang::Expr *call,
                      const llvm::SmallPtrSetImpl<mlir::OpOperand *> &before);
  /// Inlines `fd` with its parameters bound to `vals` (inlineCall's second
  /// half; also used for functors called with lifted values, LiftCub.cpp).
  mlir::Value inlineBound(const clang::FunctionDecl *fd, llvm::ArrayRef<InlineArg> vals,
                          const clang::Expr *call, const StructCall *sc = nullptr);

  //===--- small structs and functors in registers (LiftStructs.cpp) ---===//
  /// A class of scalars, vectors and such classes (no bases, no virtuals, no
  /// arrays or pointers), held field by field in locals; empty functors and
  /// capture-less lambdas included.
  bool isLiftedStruct(clang::QualType t) const;
  struct StructLeaf {
    clang::QualType type;
    std::string path; // `.v`, `.lo.x`
  };
  void structLeaves(clang::QualType t, llvm::SmallVectorImpl<StructLeaf> &out,
                    const std::string &prefix = "") const;
  /// The slots for a struct local named `name` (`name.field` each).
  llvm::SmallVector<mlir::Value, 4> makeStructSlots(clang::QualType t, llvm::StringRef name,
                                                    mlir::Location l, bool wholeScope = false);
  /// The slots of a struct lvalue (a temporary's, for an rvalue).
  mlir::FailureOr<llvm::SmallVector<mlir::Value, 4>> emitStructSlots(const clang::Expr *e);
  /// The field values of a struct expression.
  mlir::FailureOr<llvm::SmallVector<mlir::Value, 4>> emitStructValue(const clang::Expr *e);
  void storeStruct(llvm::ArrayRef<mlir::Value> slots, llvm::ArrayRef<mlir::Value> vals,
                   mlir::Location l);
  /// `s.f` (or `f` in a member function) of a scalar field; nullopt when the
  /// base is not a lifted struct.
  std::optional<mlir::FailureOr<LValue>> emitStructMember(const clang::MemberExpr *me);
  /// A member function or operator() of a lifted struct called; nullopt when
  /// `e` is none. `sc.structReturn` asks for a struct result in its slots.
  std::optional<mlir::Value> emitStructMethodCall(const clang::CallExpr *e, StructCall sc);
  /// A variable of a lifted struct type (or a reference to one).
  mlir::LogicalResult declareStructVar(const clang::VarDecl *vd);
  /// A device helper returning a pointer (`return base + b * rows * D;`),
  /// inlined: the pointer its single trailing return computes.
  mlir::FailureOr<Ptr> emitPointerCall(const clang::CallExpr *e);
  std::optional<Ptr> ptrResult;
  /// Runs the kernel's constructor of `ce` on `slots`.
  mlir::LogicalResult constructInto(const clang::CXXConstructExpr *ce,
                                    llvm::ArrayRef<mlir::Value> slots);
  /// A constructor's member initializers, in the constructor's frame.
  mlir::LogicalResult emitCtorInits(const clang::CXXConstructorDecl *ctor);
  std::optional<mlir::Value> emitBuiltin(const clang::CallExpr *e, llvm::StringRef name);
  std::optional<mlir::Value> emitMathBuiltin(const clang::CallExpr *e, llvm::StringRef name);
  /// The rest of the device math API, as compositions (LiftMath.cpp).
  std::optional<mlir::Value> emitExtraMath(const clang::CallExpr *e, llvm::StringRef name);
  std::optional<mlir::Value> emitAtomic(const clang::CallExpr *e, llvm::StringRef name);
  std::optional<mlir::Value> emitWarpBuiltin(const clang::CallExpr *e, llvm::StringRef name);
  std::optional<mlir::Value> emitHalfBuiltin(const clang::CallExpr *e, llvm::StringRef name);
  std::optional<mlir::Value> emitHalfOperator(const clang::CXXOperatorCallExpr *e);
  llvm::SmallVector<mlir::Value> emitArgs(const clang::CallExpr *e);
  /// A warp shuffle of a scalar of any width the lifter knows (64-bit values
  /// as two 32-bit shuffles); null (no error reported) for other types.
  mlir::Value shuffleScalar(mlir::Value v, bool isUnsigned, mlir::Value off, mlir::Value width,
                            mlir::gpu::ShuffleMode mode, mlir::IntegerAttr maskAttr,
                            mlir::Location l);

  //===--- cub collectives (LiftCub.cpp) ---===//
  /// `BlockReduce(temp).Sum(v)`, `WarpReduce(temp).Reduce(v, op)` ...:
  /// nullopt when `mc` is no cub call, a null Value after an error.
  std::optional<mlir::Value> emitCubCall(const clang::CXXMemberCallExpr *mc);
  /// A variable that holds no value the kernel computes with: a cub
  /// BlockReduce/WarpReduce TempStorage (a `__shared__` declaration, possibly
  /// an array), a BlockReduce/WarpReduce object, or a stateless reduction
  /// functor. Declared by nothing; any other use of it is an error.
  bool isCubOpaqueVar(const clang::VarDecl *vd) const;
  /// Workgroup buffers made for cub expansions (their names).
  unsigned numCubBuffers = 0;

  //===--- PyTorch tensor accessors (LiftAccessors.cpp) ---===//
  std::optional<AccessorInfo> accessorInfo(clang::QualType t) const;
  /// `acc[i]` on an accessor (the result may be an element reference).
  bool isAccessorSubscript(const clang::Expr *e) const;
  /// memref<?x...x?xT> of the accessor's rank; null (error reported) when not
  /// liftable, null without an error when `t` is no accessor.
  mlir::Type accessorMemRefType(clang::QualType t, clang::SourceLocation where);
  /// An accessor expression (or a subscript of one) as an LValue whose
  /// indices are the subscripts applied so far.
  mlir::FailureOr<LValue> emitAccessor(const clang::Expr *e);
  /// `acc.size(d)` / `acc.stride(d)`; nullopt when `mc` is no accessor call,
  /// a null Value after an error.
  std::optional<mlir::Value> emitAccessorCall(const clang::CXXMemberCallExpr *mc);
  /// `acc.data()` of a rank-1 (sub-)accessor: a pointer to its first element.
  mlir::FailureOr<Ptr> emitAccessorData(const clang::CXXMemberCallExpr *mc);

  clang::ASTContext &ast;
  mlir::gpu::GPUFuncOp func;
  mlir::OpBuilder b;
  std::string &errors;
  bool failed = false;
  /// > 0 while lifting the operand of an int -> float conversion: an inexact
  /// integer division there is emitted, not folded (see emitConstant).
  unsigned inIntToFloat = 0;
  /// Where the construct being lifted starts (for errors without a location).
  clang::SourceLocation curLoc;
  /// Returned for void expressions; erased at the end when unused.
  mlir::Value voidValue;

  llvm::SmallVector<Frame, 4> frames;
  /// `__constant__` variables, visible in every frame.
  llvm::DenseMap<const clang::VarDecl *, Binding> globals;
  llvm::SmallVector<LoopFlags, 4> loops;
  /// __shared__ variables (kernel- or device-function-level, static or not).
  llvm::DenseMap<const clang::VarDecl *, mlir::Value> shared;
  mlir::Value dynamicShared; // i8 view base
  mlir::Block *entry = nullptr;
  mlir::Operation *allocaAnchor = nullptr; // allocas go before this op
  /// The C scopes being lifted, innermost last: a compound statement, a
  /// `for` (its init's variable), an inlined function's body (its
  /// parameters). makeAlloca records the innermost one in the local's location
  /// (a fused location whose metadata is the scope's line/column range).
  llvm::SmallVector<clang::SourceRange, 8> scopes;
  struct ScopeGuard {
    Lifter &l;
    ScopeGuard(Lifter &l, clang::SourceRange r) : l(l) { l.scopes.push_back(r); }
    ~ScopeGuard() { l.scopes.pop_back(); }
  };
};

} // namespace kfix::frontend

#endif
