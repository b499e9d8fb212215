//===- LiftExpr.cpp - C++ expressions -> MLIR values ----------------------===//
//
// The expression dispatcher, locations and errors, constants, casts, vector
// members and initializers, and the CUDA builtin variables.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "clang/AST/ExprObjC.h"
#include "clang/Basic/SourceManager.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

Lifter::Lifter(cl::ASTContext &ast, MLIRContext *ctx, std::string &errors)
    : ast(ast), b(ctx), errors(errors) {}

//===----------------------------------------------------------------------===//
// Locations and errors
//===----------------------------------------------------------------------===//

Location Lifter::loc(cl::SourceLocation sl) {
  const cl::SourceManager &sm = ast.getSourceManager();
  if (sl.isValid()) {
    // A token written in the body of a function-like macro of the same file
    // is located where it is written (the `<=` of `#define IN_IMAGE(h, w, H,
    // W) (... && (w) <= (W))`), not at the macro's use, where every op of the
    // expansion would share one location and no edit could name one of them;
    // an edit there changes every use, as an edit of the definition does. A
    // constant macro (`#define TILE 16`) stays at its use: delivery writes
    // its name there.
    cl::SourceLocation at = sm.getExpansionLoc(sl);
    if (sl.isMacroID() && !sm.isMacroArgExpansion(sl) &&
        sm.getSLocEntry(sm.getFileID(sl)).getExpansion().isFunctionMacroExpansion()) {
      cl::SourceLocation sp = sm.getSpellingLoc(sl);
      if (sp.isValid() && sp.isFileID() && sm.getFileID(sp) == sm.getFileID(at))
        at = sp;
    }
    cl::PresumedLoc p = sm.getPresumedLoc(at);
    if (p.isValid())
      return FileLineColLoc::get(b.getContext(), p.getFilename(), p.getLine(), p.getColumn());
  }
  if (curLoc.isValid() && curLoc != sl)
    return loc(curLoc);
  return func ? func.getLoc() : (Location)UnknownLoc::get(b.getContext());
}

Location Lifter::loc(const cl::Stmt *s) {
  if (const auto *e = dyn_cast<cl::Expr>(s))
    return loc(e->getExprLoc());
  return loc(s->getBeginLoc());
}

Location Lifter::loc(const cl::Decl *d) { return loc(d->getLocation()); }

LogicalResult Lifter::error(cl::SourceLocation sl, const Twine &msg) {
  if (failed)
    return failure();
  failed = true;
  if (!sl.isValid())
    sl = curLoc;
  const cl::SourceManager &sm = ast.getSourceManager();
  std::string where = "<unknown>";
  if (sl.isValid()) {
    cl::PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(sl));
    if (p.isValid())
      where =
          (Twine(p.getFilename()) + ":" + Twine(p.getLine()) + ":" + Twine(p.getColumn())).str();
  }
  errors += where + ": error: " + msg.str() + "\n";
  return failure();
}

LogicalResult Lifter::cannotLift(const cl::Stmt *s, const Twine &what) {
  cl::SourceLocation sl = s->getBeginLoc();
  if (const auto *e = dyn_cast<cl::Expr>(s))
    sl = e->getExprLoc();
  return error(sl, "kfix cannot lift " + what);
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// True when `e` holds an integer division of constants that does not divide
/// exactly (`1 / 4`), looking through const variables' initializers; with
/// `needCast`, only one that an int -> float conversion in `e` reads.
static bool hasInexactIntDivision(const cl::Expr *e, cl::ASTContext &ast, bool needCast,
                                  unsigned depth = 0) {
  if (!e || depth > 24 || e->isValueDependent())
    return false;
  e = e->IgnoreParens();
  if (const auto *c = dyn_cast<cl::CastExpr>(e))
    if (c->getCastKind() == cl::CK_IntegralToFloating)
      needCast = false; // what this cast converts counts
  if (const auto *bo = dyn_cast<cl::BinaryOperator>(e);
      bo && !needCast && bo->getOpcode() == cl::BO_Div &&
      bo->getType()->isIntegralOrEnumerationType()) {
    cl::Expr::EvalResult l, r;
    if (bo->getLHS()->EvaluateAsInt(l, ast) && bo->getRHS()->EvaluateAsInt(r, ast)) {
      const llvm::APSInt &d = r.Val.getInt();
      if (!d.isZero() && !l.Val.getInt().srem(d).isZero())
        return true;
    }
  }
  if (const auto *dre = dyn_cast<cl::DeclRefExpr>(e))
    if (const auto *vd = dyn_cast<cl::VarDecl>(dre->getDecl()))
      if (vd->getType().isConstQualified() && vd->getInit())
        return hasInexactIntDivision(vd->getInit(), ast, needCast, depth + 1);
  for (const cl::Stmt *child : e->children())
    if (const auto *ce = dyn_cast_or_null<cl::Expr>(child))
      if (hasInexactIntDivision(ce, ast, needCast, depth + 1))
        return true;
  return false;
}

std::optional<Value> Lifter::emitConstant(const cl::Expr *e) {
  if (e->isValueDependent() || e->isGLValue())
    return std::nullopt;
  cl::QualType t = e->getType().getCanonicalType();
  if (!t->isIntegralOrEnumerationType() && !t->isRealFloatingType())
    return std::nullopt;
  // `0.5f * x` written `(1 / 2) * x` folds to 0: keep a truncating integer
  // division that is converted to float as IR (sitofp(divsi)) so that the
  // truncation stays visible to diagnosis and repair. Integer-only constant
  // expressions (`SIZE / 3` as a bound) still fold.
  if (hasInexactIntDivision(e, ast, /*needCast=*/inIntToFloat == 0))
    return std::nullopt;
  if (isHalf(t) || isBF16(t))
    return std::nullopt;
  cl::Expr::EvalResult r;
  if (!e->EvaluateAsRValue(r, ast) || r.HasSideEffects)
    return std::nullopt;
  Location l = loc(e);
  Type mt = convertType(t, e->getExprLoc());
  if (!mt)
    return Value();
  if (r.Val.isInt())
    return constInt(mt, r.Val.getInt().getSExtValue(), l);
  if (r.Val.isFloat()) {
    const llvm::APFloat &f = r.Val.getFloat();
    if (mt.isF32())
      return (Value)arith::ConstantOp::create(b, l, mt, b.getF32FloatAttr(f.convertToFloat()));
    bool lost = false;
    llvm::APFloat d = f;
    d.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
    return constFloat(mt, d.convertToDouble(), l);
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// The dispatcher
//===----------------------------------------------------------------------===//

Value Lifter::emitRValue(const cl::Expr *e) {
  if (failed)
    return {};
  curLoc = e->getExprLoc();
  if (e->getType()->isPointerType() || e->getType()->isArrayType()) {
    (void)cannotLift(e, "a pointer used as a value here");
    return {};
  }
  if (auto c = emitConstant(e))
    return *c;
  if (const auto *p = dyn_cast<cl::ParenExpr>(e))
    return emitRValue(p->getSubExpr());
  if (const auto *c = dyn_cast<cl::ConstantExpr>(e))
    return emitRValue(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::ExprWithCleanups>(e))
    return emitRValue(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::MaterializeTemporaryExpr>(e))
    return emitRValue(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::CXXBindTemporaryExpr>(e))
    return emitRValue(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::CXXDefaultArgExpr>(e))
    return emitRValue(c->getExpr());
  if (const auto *c = dyn_cast<cl::SubstNonTypeTemplateParmExpr>(e))
    return emitRValue(c->getReplacement());
  if (const auto *c = dyn_cast<cl::CastExpr>(e))
    return emitCast(c);
  if (const auto *c = dyn_cast<cl::BinaryOperator>(e))
    return emitBinary(c);
  if (const auto *c = dyn_cast<cl::UnaryOperator>(e))
    return emitUnary(c);
  if (const auto *c = dyn_cast<cl::AbstractConditionalOperator>(e))
    return emitConditional(c);
  if (const auto *c = dyn_cast<cl::CallExpr>(e))
    return emitCall(c);
  if (const auto *c = dyn_cast<cl::InitListExpr>(e))
    return emitInitList(c);
  if (const auto *c = dyn_cast<cl::CXXConstructExpr>(e))
    return emitConstruct(c);
  if (const auto *c = dyn_cast<cl::ImplicitValueInitExpr>(e)) {
    Type t = convertType(c->getType(), c->getExprLoc());
    return t ? zeroOf(t, loc(e)) : Value();
  }
  if (const auto *c = dyn_cast<cl::CXXScalarValueInitExpr>(e)) {
    Type t = convertType(c->getType(), c->getExprLoc());
    return t ? zeroOf(t, loc(e)) : Value();
  }
  if (isa<cl::PseudoObjectExpr, cl::MemberExpr, cl::DeclRefExpr, cl::ArraySubscriptExpr>(e)) {
    FailureOr<LValue> lv = emitLValue(e);
    if (::mlir::failed(lv))
      return {};
    return load(*lv, loc(e));
  }
  if (isa<cl::GNUNullExpr, cl::CXXNullPtrLiteralExpr>(e)) {
    (void)cannotLift(e, "a null pointer");
    return {};
  }
  if (isa<cl::LambdaExpr>(e)) {
    (void)cannotLift(e, "a lambda expression");
    return {};
  }
  if (isa<cl::CXXThrowExpr>(e)) {
    (void)cannotLift(e, "a throw expression");
    return {};
  }
  (void)cannotLift(e, Twine("an expression of kind ") + e->getStmtClassName());
  return {};
}

LogicalResult Lifter::emitDiscarded(const cl::Expr *e) {
  e = e->IgnoreParens();
  if (const auto *c = dyn_cast<cl::ExprWithCleanups>(e))
    return emitDiscarded(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::CastExpr>(e))
    if (c->getCastKind() == cl::CK_ToVoid)
      return emitDiscarded(c->getSubExpr());
  // A pointer-typed expression statement (`p++;`, `p += n;`) updates a
  // pointer variable.
  if (e->getType()->isPointerType())
    return ::mlir::failure(::mlir::failed(emitPointer(e)));
  // Side-effect free expressions (`(void)x;`) generate nothing.
  if (!e->HasSideEffects(ast))
    return success();
  if (const auto *bo = dyn_cast<cl::BinaryOperator>(e))
    if (bo->isAssignmentOp())
      return success(emitAssign(bo, nullptr) != nullptr);
  if (const auto *uo = dyn_cast<cl::UnaryOperator>(e))
    if (uo->isIncrementDecrementOp())
      return success(emitIncDec(uo, nullptr) != nullptr);
  return success(emitRValue(e) != nullptr);
}

Value Lifter::emitCond(const cl::Expr *e) {
  if (e->getType()->isPointerType()) {
    (void)cannotLift(e, "a pointer used as a condition");
    return {};
  }
  Value v = emitRValue(e);
  return toBool(v, e->getType(), loc(e));
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

Value Lifter::emitCast(const cl::CastExpr *e) {
  const cl::Expr *sub = e->getSubExpr();
  Location l = loc(e);
  switch (e->getCastKind()) {
  case cl::CK_LValueToRValue: {
    // `m = v < m ? v : m`: a conditional of two lvalues is an lvalue; its
    // value is the value of the arm chosen.
    if (const auto *co = dyn_cast<cl::ConditionalOperator>(sub->IgnoreParens()))
      return emitConditional(co);
    FailureOr<LValue> lv = emitLValue(sub);
    if (::mlir::failed(lv))
      return {};
    return load(*lv, l);
  }
  case cl::CK_NoOp:
  case cl::CK_UserDefinedConversion:
  case cl::CK_ConstructorConversion:
  case cl::CK_AtomicToNonAtomic:
  case cl::CK_NonAtomicToAtomic: {
    Value v = emitRValue(sub);
    if (!v)
      return {};
    cl::QualType from = sub->getType(), to = e->getType();
    Type tt = convertType(to, e->getExprLoc());
    if (!tt)
      return {};
    if (v.getType() == tt)
      return v;
    return convert(v, from, to, l);
  }
  case cl::CK_IntegralCast:
  case cl::CK_IntegralToFloating:
  case cl::CK_FloatingToIntegral:
  case cl::CK_FloatingCast:
  case cl::CK_IntegralToBoolean:
  case cl::CK_FloatingToBoolean:
  case cl::CK_BooleanToSignedIntegral: {
    bool intToFloat = e->getCastKind() == cl::CK_IntegralToFloating;
    inIntToFloat += intToFloat;
    Value v = emitRValue(sub);
    inIntToFloat -= intToFloat;
    if (!v)
      return {};
    Value r = convert(v, sub->getType(), e->getType(), l);
    if (r && e->getCastKind() == cl::CK_BooleanToSignedIntegral)
      r = arith::SubIOp::create(b, l, zeroOf(r.getType(), l), r);
    return r;
  }
  case cl::CK_ToVoid:
    if (::mlir::failed(emitDiscarded(sub)))
      return {};
    return voidValue;
  case cl::CK_PointerToBoolean: // `if (bias)`, `!bias`, `bias ? bias[c] : 0.f`
    return emitNullTest(sub, /*isNull=*/false, e);
  default:
    (void)cannotLift(e, Twine("the cast '") + e->getCastKindName() + "'");
    return {};
  }
}

//===----------------------------------------------------------------------===//
// Vector values: members, initializer lists, constructors
//===----------------------------------------------------------------------===//

static int laneOf(StringRef name) {
  return llvm::StringSwitch<int>(name).Case("x", 0).Case("y", 1).Case("z", 2).Case("w", 3).Default(
      -1);
}

Value Lifter::emitMember(const cl::MemberExpr *e) {
  FailureOr<LValue> lv = emitLValue(e);
  if (::mlir::failed(lv))
    return {};
  return load(*lv, loc(e));
}

Value Lifter::emitInitList(const cl::InitListExpr *e) {
  Location l = loc(e);
  if (e->getType()->isArrayType()) {
    (void)cannotLift(e, "an array initializer here");
    return {};
  }
  Type t = convertType(e->getType(), e->getExprLoc());
  if (!t)
    return {};
  auto vt = dyn_cast<VectorType>(t);
  if (!vt) {
    if (e->getNumInits() == 0)
      return zeroOf(t, l);
    return convert(emitRValue(e->getInit(0)), e->getInit(0)->getType(), e->getType(), l);
  }
  SmallVector<Value> elems;
  for (unsigned i = 0; i < (unsigned)vt.getNumElements(); ++i) {
    if (i < e->getNumInits()) {
      Value v = emitRValue(e->getInit(i));
      if (!v)
        return {};
      elems.push_back(v);
    } else {
      elems.push_back(zeroOf(vt.getElementType(), l));
    }
  }
  return vector::FromElementsOp::create(b, l, vt, elems);
}

Value Lifter::emitConstruct(const cl::CXXConstructExpr *e) {
  Location l = loc(e);
  Type t = convertType(e->getType(), e->getExprLoc());
  if (!t)
    return {};
  unsigned n = e->getNumArgs();
  if (n == 0)
    return zeroOf(t, l);
  cl::QualType self = e->getType().getCanonicalType().getUnqualifiedType();
  if (n == 1) {
    const cl::Expr *arg = e->getArg(0);
    cl::QualType at = arg->getType().getCanonicalType().getUnqualifiedType();
    if (at->isReferenceType())
      at = at->getPointeeType().getUnqualifiedType();
    if (at == self) // copy or move
      return emitRValue(arg);
    if (at->isArithmeticType() || isHalf(at) || isBF16(at)) {
      Value v = emitRValue(arg);
      if (!v)
        return {};
      if (auto vt = dyn_cast<VectorType>(t)) { // __half2(x): splat
        Value s = convertScalar(v, vt.getElementType(), isUnsignedInt(at), false, l);
        return vector::BroadcastOp::create(b, l, vt, s);
      }
      return convertScalar(v, t, isUnsignedInt(at), isUnsignedInt(self), l);
    }
  }
  if (auto vt = dyn_cast<VectorType>(t)) {
    if ((int64_t)n == vt.getNumElements()) {
      SmallVector<Value> elems;
      for (unsigned i = 0; i < n; ++i) {
        Value v = emitRValue(e->getArg(i));
        if (!v)
          return {};
        v = convertScalar(v, vt.getElementType(), isUnsignedInt(e->getArg(i)->getType()), false, l);
        elems.push_back(v);
      }
      return vector::FromElementsOp::create(b, l, vt, elems);
    }
  }
  (void)cannotLift(e, "this constructor of '" + e->getType().getAsString(ast.getPrintingPolicy()) +
                          "'");
  return {};
}

//===----------------------------------------------------------------------===//
// CUDA builtin variables
//===----------------------------------------------------------------------===//

Value Lifter::builtinVar(const cl::Expr *base, StringRef field, Location l) {
  base = base->IgnoreParenImpCasts();
  if (const auto *ov = dyn_cast<cl::OpaqueValueExpr>(base))
    base = ov->getSourceExpr()->IgnoreParenImpCasts();
  const auto *dre = dyn_cast<cl::DeclRefExpr>(base);
  if (!dre)
    return {};
  StringRef name = dre->getDecl()->getName();
  int lane = laneOf(field);
  if (lane < 0 || lane > 2)
    return {};
  auto dim = static_cast<gpu::Dimension>(lane);
  Value idx;
  if (name == "threadIdx")
    idx = gpu::ThreadIdOp::create(b, l, dim);
  else if (name == "blockIdx")
    idx = gpu::BlockIdOp::create(b, l, dim);
  else if (name == "blockDim")
    idx = gpu::BlockDimOp::create(b, l, dim);
  else if (name == "gridDim")
    idx = gpu::GridDimOp::create(b, l, dim);
  else
    return {};
  return arith::IndexCastUIOp::create(b, l, b.getI32Type(), idx);
}

//===----------------------------------------------------------------------===//
// Speculation
//===----------------------------------------------------------------------===//

bool isPureBuiltinName(StringRef name);

bool Lifter::isSpeculatable(const cl::Expr *e) {
  if (!e)
    return true;
  e = e->IgnoreParens();
  if (isa<cl::PseudoObjectExpr>(e)) // builtin variables
    return true;
  if (isa<cl::ArraySubscriptExpr>(e) || isAccessorSubscript(e))
    return false;
  if (const auto *u = dyn_cast<cl::UnaryOperator>(e))
    if (u->getOpcode() == cl::UO_Deref || u->isIncrementDecrementOp())
      return false;
  if (const auto *bo = dyn_cast<cl::BinaryOperator>(e))
    if (bo->isAssignmentOp())
      return false;
  if (const auto *m = dyn_cast<cl::MemberExpr>(e))
    if (m->isArrow())
      return false;
  if (const auto *c = dyn_cast<cl::CallExpr>(e)) {
    const cl::FunctionDecl *fd = c->getDirectCallee();
    if (!fd)
      return false;
    const auto *mc = dyn_cast<cl::CXXMemberCallExpr>(c);
    if (isa<cl::CXXOperatorCallExpr>(c) && isa<cl::CXXMethodDecl>(fd) &&
        isLiftedStruct(c->getArg(0)->getType())) {
      return false; // a functor's or a struct's operator: a body of the kernel's
    } else if (isa<cl::CXXConversionDecl>(fd) || isa<cl::CXXOperatorCallExpr>(c)) {
      // half conversions and operators
    } else if (mc && accessorInfo(mc->getImplicitObjectArgument()->getType()) &&
               fd->getIdentifier() && (fd->getName() == "size" || fd->getName() == "stride")) {
      // a tensor accessor's dimensions: read no memory
    } else if (!fd->getIdentifier() || !isPureBuiltinName(fd->getName())) {
      return false;
    }
  }
  if (const auto *dre = dyn_cast<cl::DeclRefExpr>(e)) {
    // Reading a __shared__ array element is a memory read.
    if (const auto *vd = dyn_cast<cl::VarDecl>(dre->getDecl()))
      if (vd->hasAttr<cl::CUDASharedAttr>() && !vd->getType()->isArrayType())
        return false;
  }
  for (const cl::Stmt *child : e->children())
    if (const auto *ce = dyn_cast_or_null<cl::Expr>(child))
      if (!isSpeculatable(ce))
        return false;
  return true;
}
