//===- LiftOperators.cpp - unary, binary and assignment operators ---------===//
//
// Arithmetic stays in the C++ type of the expression (i32 wraps as in C++);
// signedness picks the arith op. `&&`, `||` and `?:` evaluate a side that may
// read memory only under an scf.if.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

static bool isFloatLike(Type t) {
  if (auto vt = dyn_cast<VectorType>(t))
    t = vt.getElementType();
  return isa<FloatType>(t);
}

Value Lifter::emitArith(cl::BinaryOperatorKind op, Value lhs, Value rhs, cl::QualType t, Location l,
                        const cl::Expr *at) {
  if (!lhs || !rhs)
    return {};
  bool u = isUnsignedInt(t);
  if (isFloatLike(lhs.getType())) {
    switch (op) {
    case cl::BO_Add:
      return arith::AddFOp::create(b, l, lhs, rhs);
    case cl::BO_Sub:
      return arith::SubFOp::create(b, l, lhs, rhs);
    case cl::BO_Mul:
      return arith::MulFOp::create(b, l, lhs, rhs);
    case cl::BO_Div:
      return arith::DivFOp::create(b, l, lhs, rhs);
    case cl::BO_Rem:
      return arith::RemFOp::create(b, l, lhs, rhs);
    default:
      (void)cannotLift(at, "this floating-point operator");
      return {};
    }
  }
  if (rhs.getType() != lhs.getType()) // shift amounts keep their own type
    rhs = convertScalar(rhs, lhs.getType(), true, true, l);
  // Signed + - * may not overflow in C++; the op keeps that fact as
  // `kfix.signed` for kfix-instrument-overflow (never as `overflow<nsw>`,
  // which would let the lowering assume what the kernel may violate).
  auto signedOp = [&](Operation *o) -> Value {
    if (!u && !t->isBooleanType() && isa<IntegerType>(lhs.getType()))
      o->setAttr("kfix.signed", b.getUnitAttr());
    return o->getResult(0);
  };
  switch (op) {
  case cl::BO_Add:
    return signedOp(arith::AddIOp::create(b, l, lhs, rhs));
  case cl::BO_Sub:
    return signedOp(arith::SubIOp::create(b, l, lhs, rhs));
  case cl::BO_Mul:
    return signedOp(arith::MulIOp::create(b, l, lhs, rhs));
  case cl::BO_Div:
    return u ? (Value)arith::DivUIOp::create(b, l, lhs, rhs)
             : (Value)arith::DivSIOp::create(b, l, lhs, rhs);
  case cl::BO_Rem:
    return u ? (Value)arith::RemUIOp::create(b, l, lhs, rhs)
             : (Value)arith::RemSIOp::create(b, l, lhs, rhs);
  case cl::BO_Shl:
    return arith::ShLIOp::create(b, l, lhs, rhs);
  case cl::BO_Shr:
    return u ? (Value)arith::ShRUIOp::create(b, l, lhs, rhs)
             : (Value)arith::ShRSIOp::create(b, l, lhs, rhs);
  case cl::BO_And:
    return arith::AndIOp::create(b, l, lhs, rhs);
  case cl::BO_Or:
    return arith::OrIOp::create(b, l, lhs, rhs);
  case cl::BO_Xor:
    return arith::XOrIOp::create(b, l, lhs, rhs);
  default:
    (void)cannotLift(at, "this integer operator");
    return {};
  }
}

static std::optional<arith::CmpFPredicate> floatPred(cl::BinaryOperatorKind op) {
  switch (op) {
  case cl::BO_LT:
    return arith::CmpFPredicate::OLT;
  case cl::BO_LE:
    return arith::CmpFPredicate::OLE;
  case cl::BO_GT:
    return arith::CmpFPredicate::OGT;
  case cl::BO_GE:
    return arith::CmpFPredicate::OGE;
  case cl::BO_EQ:
    return arith::CmpFPredicate::OEQ;
  case cl::BO_NE:
    return arith::CmpFPredicate::UNE;
  default:
    return std::nullopt;
  }
}

static std::optional<arith::CmpIPredicate> intPred(cl::BinaryOperatorKind op, bool u) {
  using P = arith::CmpIPredicate;
  switch (op) {
  case cl::BO_LT:
    return u ? P::ult : P::slt;
  case cl::BO_LE:
    return u ? P::ule : P::sle;
  case cl::BO_GT:
    return u ? P::ugt : P::sgt;
  case cl::BO_GE:
    return u ? P::uge : P::sge;
  case cl::BO_EQ:
    return P::eq;
  case cl::BO_NE:
    return P::ne;
  default:
    return std::nullopt;
  }
}

Value Lifter::emitBinary(const cl::BinaryOperator *e) {
  Location l = loc(e);
  cl::BinaryOperatorKind op = e->getOpcode();
  if (e->isAssignmentOp())
    return emitAssign(e, nullptr);
  if (op == cl::BO_Comma) {
    if (::mlir::failed(emitDiscarded(e->getLHS())))
      return {};
    return emitRValue(e->getRHS());
  }
  if (op == cl::BO_LAnd || op == cl::BO_LOr)
    return emitLogical(e);
  if (op == cl::BO_EQ || op == cl::BO_NE) {
    // `p != nullptr`, `p == NULL`, `0 == p`: a null test of a kernel parameter.
    auto isNull = [&](const cl::Expr *x) {
      return x->isNullPointerConstant(ast, cl::Expr::NPC_ValueDependentIsNotNull) !=
             cl::Expr::NPCK_NotNull;
    };
    const cl::Expr *lhs = e->getLHS(), *rhs = e->getRHS();
    if (lhs->getType()->isPointerType() && isNull(rhs) && !isNull(lhs))
      return emitNullTest(lhs, op == cl::BO_EQ, e);
    if (rhs->getType()->isPointerType() && isNull(lhs) && !isNull(rhs))
      return emitNullTest(rhs, op == cl::BO_EQ, e);
  }
  if (e->getLHS()->getType()->isPointerType() || e->getRHS()->getType()->isPointerType()) {
    (void)cannotLift(e, "pointer comparison or difference");
    return {};
  }
  if (e->isComparisonOp()) {
    Value lhs = emitRValue(e->getLHS());
    Value rhs = emitRValue(e->getRHS());
    if (!lhs || !rhs)
      return {};
    if (isa<VectorType>(lhs.getType())) {
      (void)cannotLift(e, "a comparison of vector values");
      return {};
    }
    if (isa<FloatType>(lhs.getType())) {
      if (auto p = floatPred(op))
        return arith::CmpFOp::create(b, l, *p, lhs, rhs);
    } else if (auto p = intPred(op, isUnsignedInt(e->getLHS()->getType()))) {
      return arith::CmpIOp::create(b, l, *p, lhs, rhs);
    }
    (void)cannotLift(e, "this comparison");
    return {};
  }
  if (op == cl::BO_PtrMemD || op == cl::BO_PtrMemI || op == cl::BO_Cmp) {
    (void)cannotLift(e, "this operator");
    return {};
  }
  Value lhs = emitRValue(e->getLHS());
  Value rhs = emitRValue(e->getRHS());
  return emitArith(op, lhs, rhs, e->getType(), l, e);
}

Value Lifter::emitLogical(const cl::BinaryOperator *e) {
  Location l = loc(e);
  bool isAnd = e->getOpcode() == cl::BO_LAnd;
  Value lhs = emitCond(e->getLHS());
  if (!lhs)
    return {};
  if (isSpeculatable(e->getRHS())) {
    Value rhs = emitCond(e->getRHS());
    if (!rhs)
      return {};
    return isAnd ? (Value)arith::AndIOp::create(b, l, lhs, rhs)
                 : (Value)arith::OrIOp::create(b, l, lhs, rhs);
  }
  auto ifOp = scf::IfOp::create(b, l, TypeRange{b.getI1Type()}, lhs,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(isAnd ? ifOp.thenBlock() : ifOp.elseBlock());
  Value rhs = emitCond(e->getRHS());
  if (!rhs)
    return {};
  scf::YieldOp::create(b, l, rhs);
  b.setInsertionPointToStart(isAnd ? ifOp.elseBlock() : ifOp.thenBlock());
  scf::YieldOp::create(b, l, constBool(!isAnd, l));
  return ifOp.getResult(0);
}

Value Lifter::emitConditional(const cl::AbstractConditionalOperator *e) {
  Location l = loc(e);
  const auto *co = dyn_cast<cl::ConditionalOperator>(e);
  if (!co) {
    (void)cannotLift(e, "the GNU '?:' operator");
    return {};
  }
  if (co->getType()->isVoidType()) {
    (void)cannotLift(e, "a void conditional expression");
    return {};
  }
  Value c = emitCond(co->getCond());
  if (!c)
    return {};
  // The arms of an lvalue conditional are lvalues: their values are loads.
  auto arm = [&](const cl::Expr *x) -> Value {
    if (!x->isGLValue())
      return emitRValue(x);
    // A nested lvalue conditional (`c ? (d ? a : b) : a`): its value.
    if (const auto *inner = dyn_cast<cl::ConditionalOperator>(x->IgnoreParens()))
      return emitConditional(inner);
    FailureOr<LValue> lv = emitLValue(x);
    if (::mlir::failed(lv))
      return {};
    return load(*lv, loc(x));
  };
  if (isSpeculatable(co->getTrueExpr()) && isSpeculatable(co->getFalseExpr())) {
    Value t = arm(co->getTrueExpr());
    Value f = arm(co->getFalseExpr());
    if (!t || !f)
      return {};
    return arith::SelectOp::create(b, l, c, t, f);
  }
  Type rt = convertType(co->getType(), co->getExprLoc());
  if (!rt)
    return {};
  auto ifOp = scf::IfOp::create(b, l, TypeRange{rt}, c, true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  Value t = arm(co->getTrueExpr());
  if (!t)
    return {};
  scf::YieldOp::create(b, l, t);
  b.setInsertionPointToStart(ifOp.elseBlock());
  Value f = arm(co->getFalseExpr());
  if (!f)
    return {};
  scf::YieldOp::create(b, l, f);
  return ifOp.getResult(0);
}

Value Lifter::emitUnary(const cl::UnaryOperator *e) {
  Location l = loc(e);
  const cl::Expr *sub = e->getSubExpr();
  switch (e->getOpcode()) {
  case cl::UO_Plus:
  case cl::UO_Extension:
    return emitRValue(sub);
  case cl::UO_Minus: {
    Value v = emitRValue(sub);
    if (!v)
      return {};
    if (isFloatLike(v.getType()))
      return arith::NegFOp::create(b, l, v);
    return arith::SubIOp::create(b, l, zeroOf(v.getType(), l), v);
  }
  case cl::UO_Not: {
    Value v = emitRValue(sub);
    if (!v)
      return {};
    return arith::XOrIOp::create(b, l, v, constInt(v.getType(), -1, l));
  }
  case cl::UO_LNot: {
    Value v = emitCond(sub);
    if (!v)
      return {};
    Value r = arith::XOrIOp::create(b, l, v, constBool(true, l));
    return convert(r, ast.BoolTy, e->getType(), l);
  }
  case cl::UO_PreInc:
  case cl::UO_PreDec:
  case cl::UO_PostInc:
  case cl::UO_PostDec:
    return emitIncDec(e, nullptr);
  case cl::UO_Deref: {
    FailureOr<LValue> lv = emitLValue(e);
    if (::mlir::failed(lv))
      return {};
    return load(*lv, l);
  }
  default:
    (void)cannotLift(e, "this unary operator");
    return {};
  }
}

Value Lifter::emitAssign(const cl::BinaryOperator *e, LValue *out) {
  Location l = loc(e);
  const cl::Expr *lhs = e->getLHS();
  if (lhs->getType()->isPointerType()) {
    FailureOr<Ptr> p = emitPointer(e); // pointer arithmetic and store
    if (::mlir::failed(p))
      return {};
    return voidValue;
  }
  if (e->getOpcode() == cl::BO_Assign) {
    Value v = emitRValue(e->getRHS());
    if (!v)
      return {};
    FailureOr<LValue> lv = emitLValue(lhs);
    if (::mlir::failed(lv) || ::mlir::failed(store(*lv, v, l)))
      return {};
    if (out)
      *out = *lv;
    return v;
  }
  const auto *ca = cast<cl::CompoundAssignOperator>(e);
  FailureOr<LValue> lv = emitLValue(lhs);
  if (::mlir::failed(lv))
    return {};
  Value cur = load(*lv, l);
  Value rhs = emitRValue(e->getRHS());
  if (!cur || !rhs)
    return {};
  cl::QualType compL = ca->getComputationLHSType();
  cl::QualType compR = ca->getComputationResultType();
  Value lc = convert(cur, lhs->getType(), compL, l);
  cl::BinaryOperatorKind op = cl::BinaryOperator::getOpForCompoundAssignment(e->getOpcode());
  Value r = emitArith(op, lc, rhs, compR, l, e);
  if (!r)
    return {};
  r = convert(r, compR, lhs->getType(), l);
  if (!r || ::mlir::failed(store(*lv, r, l)))
    return {};
  if (out)
    *out = *lv;
  return r;
}

Value Lifter::emitIncDec(const cl::UnaryOperator *e, LValue *out) {
  Location l = loc(e);
  if (e->getType()->isPointerType()) {
    if (::mlir::failed(emitPointer(e)))
      return {};
    return voidValue;
  }
  FailureOr<LValue> lv = emitLValue(e->getSubExpr());
  if (::mlir::failed(lv))
    return {};
  Value cur = load(*lv, l);
  if (!cur)
    return {};
  Type t = cur.getType();
  Value next;
  bool inc = e->isIncrementOp();
  if (isa<FloatType>(t)) {
    Value one = constFloat(t, 1.0, l);
    next = inc ? (Value)arith::AddFOp::create(b, l, cur, one)
               : (Value)arith::SubFOp::create(b, l, cur, one);
  } else if (isa<IntegerType>(t)) {
    Value one = constInt(t, 1, l);
    next = inc ? (Value)arith::AddIOp::create(b, l, cur, one)
               : (Value)arith::SubIOp::create(b, l, cur, one);
  } else {
    (void)cannotLift(e, "++/-- on this type");
    return {};
  }
  if (::mlir::failed(store(*lv, next, l)))
    return {};
  if (out)
    *out = *lv;
  return e->isPrefix() ? next : cur;
}

Value Lifter::emitNullTest(const cl::Expr *ptr, bool isNull, const cl::Expr *at) {
  Location l = loc(at);
  FailureOr<Ptr> p = emitPointer(ptr);
  if (::mlir::failed(p))
    return {};
  // Only a kernel parameter itself (also through a local copy or an inlined
  // device function's parameter; not a workgroup attribution): its buffer has no elements when it
  // is null.
  auto arg = dyn_cast<BlockArgument>(p->base);
  auto mt = dyn_cast<MemRefType>(p->base.getType());
  std::optional<int64_t> off =
      p->offset.v ? getConstantIntValue(p->offset.v) : std::optional<int64_t>(0);
  if (!arg || arg.getOwner() != &func.getBody().front() ||
      arg.getArgNumber() >= func.getNumArguments() || !mt || mt.getRank() != 1 ||
      !p->lead.empty() || off != 0) {
    (void)cannotLift(at, "a null test of a pointer that is not a kernel parameter "
                         "(only `p != nullptr`, `!p`, `p ? a : b` on a kernel "
                         "parameter p are lifted)");
    return {};
  }
  Value c0 = arith::ConstantIndexOp::create(b, l, 0);
  Value size = memref::DimOp::create(b, l, p->base, c0);
  return arith::CmpIOp::create(b, l, isNull ? arith::CmpIPredicate::eq : arith::CmpIPredicate::ne,
                               size, c0);
}
