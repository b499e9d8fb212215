//===- LiftLoops.cpp - for, while and do loops ----------------------------===//
//
// A counted `for` with a loop-invariant bound and a positive (constant or
// blockDim/gridDim) step becomes scf.for in the C++ integer type; every
// other loop becomes scf.while with the condition in the `before` region.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"
#include "StmtUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

static const cl::VarDecl *refVar(const cl::Expr *e) {
  if (!e)
    return nullptr;
  if (const auto *d = dyn_cast<cl::DeclRefExpr>(e->IgnoreParenImpCasts()))
    return dyn_cast<cl::VarDecl>(d->getDecl());
  return nullptr;
}

static bool isDimVar(const cl::Expr *e) {
  e = e->IgnoreParenImpCasts();
  const cl::Expr *base = nullptr;
  if (const auto *po = dyn_cast<cl::PseudoObjectExpr>(e)) {
    if (const auto *pr = dyn_cast<cl::MSPropertyRefExpr>(po->getSyntacticForm()->IgnoreParens()))
      base = pr->getBaseExpr();
    if (const auto *ov = dyn_cast_or_null<cl::OpaqueValueExpr>(base))
      base = ov->getSourceExpr();
  } else if (const auto *me = dyn_cast<cl::MemberExpr>(e)) {
    base = me->getBase();
  }
  const cl::VarDecl *vd = refVar(base);
  return vd && (vd->getName() == "blockDim" || vd->getName() == "gridDim");
}

bool Lifter::isStride(const cl::Expr *e, const cl::Stmt *body) {
  e = e->IgnoreParenImpCasts();
  if (!e->isValueDependent()) {
    cl::Expr::EvalResult r;
    if (e->EvaluateAsInt(r, ast))
      return r.Val.getInt().isStrictlyPositive();
  }
  if (isDimVar(e))
    return true;
  if (const auto *bo = dyn_cast<cl::BinaryOperator>(e))
    return bo->getOpcode() == cl::BO_Mul && isStride(bo->getLHS(), body) &&
           isStride(bo->getRHS(), body);
  // A local initialized with such a product and never written again.
  if (const cl::VarDecl *vd = refVar(e))
    if (vd->isLocalVarDecl() && vd->getInit() && !vd->getType()->isReferenceType())
      return isStride(vd->getInit(), body) && !isPtrWrittenIn(vd, frames.back().fn->getBody());
  return false;
}

/// True when `e` mentions a variable written in `body` (or `iv`).
static bool mentionsWritten(Lifter &lf, const cl::Stmt *e, const cl::Stmt *body,
                            const cl::VarDecl *iv) {
  if (!e)
    return false;
  if (const auto *d = dyn_cast<cl::DeclRefExpr>(e))
    if (const auto *vd = dyn_cast<cl::VarDecl>(d->getDecl()))
      if (vd == iv || (!vd->getType()->isArrayType() && lf.isPtrWrittenIn(vd, body)))
        return true;
  for (const cl::Stmt *c : e->children())
    if (mentionsWritten(lf, c, body, iv))
      return true;
  return false;
}

bool Lifter::tryEmitScfFor(const cl::ForStmt *s, LogicalResult &result) {
  const auto *ds = dyn_cast_or_null<cl::DeclStmt>(s->getInit());
  if (!ds || !ds->isSingleDecl())
    return false;
  const auto *iv = dyn_cast<cl::VarDecl>(ds->getSingleDecl());
  if (!iv || !iv->getInit() || !iv->getType()->isIntegerType() || iv->getType()->isBooleanType())
    return false;
  cl::QualType ivType = iv->getType().getCanonicalType().getUnqualifiedType();
  const auto *cond =
      dyn_cast_or_null<cl::BinaryOperator>(s->getCond() ? s->getCond()->IgnoreParens() : nullptr);
  if (!cond || cond->getOpcode() != cl::BO_LT || refVar(cond->getLHS()) != iv ||
      cond->getLHS()->getType().getCanonicalType().getUnqualifiedType() != ivType)
    return false;
  const cl::Stmt *body = s->getBody();
  if (!isSpeculatable(cond->getRHS()) || mentionsWritten(*this, cond->getRHS(), body, iv))
    return false;
  if (exitKinds(body, false) != 0 || isPtrWrittenIn(iv, body))
    return false;
  // The increment: ++i, i++, i += s, i = i + s.
  const cl::Expr *inc = s->getInc() ? s->getInc()->IgnoreParens() : nullptr;
  const cl::Expr *step = nullptr;
  if (!inc)
    return false;
  if (const auto *u = dyn_cast<cl::UnaryOperator>(inc)) {
    if (!u->isIncrementOp() || refVar(u->getSubExpr()) != iv)
      return false;
  } else if (const auto *ca = dyn_cast<cl::CompoundAssignOperator>(inc)) {
    if (ca->getOpcode() != cl::BO_AddAssign || refVar(ca->getLHS()) != iv)
      return false;
    step = ca->getRHS();
  } else if (const auto *as = dyn_cast<cl::BinaryOperator>(inc)) {
    const auto *add = dyn_cast<cl::BinaryOperator>(as->getRHS()->IgnoreParenImpCasts());
    if (as->getOpcode() != cl::BO_Assign || refVar(as->getLHS()) != iv || !add ||
        add->getOpcode() != cl::BO_Add || refVar(add->getLHS()) != iv)
      return false;
    step = add->getRHS();
  } else {
    return false;
  }
  if (step && (!isStride(step, body) || mentionsWritten(*this, step, body, iv)))
    return false;

  Location l = loc(s);
  Type t = convertType(ivType, iv->getLocation());
  if (!t) {
    result = failure();
    return true;
  }
  result = failure();
  Value lb = emitRValue(iv->getInit());
  Value ub = lb ? emitRValue(cond->getRHS()) : Value();
  Value st;
  if (step) {
    Value sv = ub ? emitRValue(step) : Value();
    st = sv ? convert(sv, step->getType(), ivType, l) : Value();
  } else {
    st = constInt(t, 1, l);
  }
  if (!lb || !ub || !st)
    return true;
  lb = convertScalar(lb, t, isUnsignedInt(iv->getInit()->getType()), isUnsignedInt(ivType), l);
  Value slot = makeAlloca(t, iv->getName(), l);
  tagCType(slot, ivType);
  Binding bnd;
  bnd.kind = Binding::Slot;
  bnd.slot = slot;
  frames.back().vars[iv] = bnd;
  auto forOp = scf::ForOp::create(b, l, lb, ub, st, ValueRange{}, nullptr, isUnsignedInt(ivType));
  {
    OpBuilder::InsertionGuard g(b);
    Block *blk = forOp.getBody();
    if (!blk->empty() && blk->back().hasTrait<OpTrait::IsTerminator>())
      b.setInsertionPoint(&blk->back());
    else
      b.setInsertionPointToEnd(blk);
    memref::StoreOp::create(b, l, forOp.getInductionVar(), slot);
    if (::mlir::failed(emitStmt(body)))
      return true;
    if (blk->empty() || !blk->back().hasTrait<OpTrait::IsTerminator>()) {
      b.setInsertionPointToEnd(blk);
      scf::YieldOp::create(b, l);
    }
  }
  b.setInsertionPointAfter(forOp);
  result = success();
  return true;
}

LogicalResult Lifter::emitFor(const cl::ForStmt *s) {
  ScopeGuard scope(*this, s->getSourceRange());
  LogicalResult r = failure();
  if (tryEmitScfFor(s, r))
    return r;
  return emitWhileLike(s);
}

LogicalResult Lifter::emitWhileLike(const cl::Stmt *s) {
  Location l = loc(s);
  const cl::Stmt *body = nullptr;
  const cl::Expr *cond = nullptr, *inc = nullptr;
  bool isDo = false;
  if (const auto *f = dyn_cast<cl::ForStmt>(s)) {
    if (f->getInit() && ::mlir::failed(emitStmt(f->getInit())))
      return failure();
    if (const cl::VarDecl *cv = f->getConditionVariable())
      (void)cv;
    body = f->getBody();
    cond = f->getCond();
    inc = f->getInc();
  } else if (const auto *w = dyn_cast<cl::WhileStmt>(s)) {
    if (w->getConditionVariable())
      return cannotLift(s, "a while loop declaring a variable in its condition");
    body = w->getBody();
    cond = w->getCond();
  } else {
    const auto *d = cast<cl::DoStmt>(s);
    body = d->getBody();
    cond = d->getCond();
    isDo = true;
  }
  unsigned k = exitKinds(body, false);
  LoopFlags flags;
  if (k & ExitBreak) {
    flags.breakFlag = makeAlloca(b.getI1Type(), "__break", l);
    memref::StoreOp::create(b, l, constBool(false, l), flags.breakFlag);
  }
  if (k & ExitContinue)
    flags.continueFlag = makeAlloca(b.getI1Type(), "__continue", l);
  Value retFlag;
  if (k & ExitReturn)
    retFlag = ensureFlag(frames.back().returnFlag, "__return", l);

  // !__break && !__return, or null when neither can be set.
  auto stillGoing = [&]() -> Value {
    Value any;
    for (Value f : {flags.breakFlag, retFlag}) {
      if (!f)
        continue;
      Value v = memref::LoadOp::create(b, l, f);
      any = any ? (Value)arith::OrIOp::create(b, l, any, v) : v;
    }
    if (!any)
      return {};
    return arith::XOrIOp::create(b, l, any, constBool(true, l));
  };
  auto emitCondition = [&]() -> Value {
    Value go = stillGoing();
    if (!cond)
      return go ? go : constBool(true, l);
    if (!go)
      return emitCond(cond);
    if (isSpeculatable(cond)) {
      Value c = emitCond(cond);
      return c ? (Value)arith::AndIOp::create(b, l, go, c) : Value();
    }
    auto ifOp = scf::IfOp::create(b, l, TypeRange{b.getI1Type()}, go, true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value c = emitCond(cond);
    if (!c)
      return {};
    scf::YieldOp::create(b, l, c);
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, l, constBool(false, l));
    return ifOp.getResult(0);
  };
  auto emitBody = [&]() -> LogicalResult {
    if (flags.continueFlag)
      memref::StoreOp::create(b, l, constBool(false, l), flags.continueFlag);
    loops.push_back(flags);
    LogicalResult r = emitStmt(body);
    loops.pop_back();
    return r;
  };

  auto noop = [](OpBuilder &, Location, ValueRange) {};
  auto w = scf::WhileOp::create(b, l, TypeRange{}, ValueRange{}, noop, noop);
  Block *before = &w.getBefore().front();
  Block *after = &w.getAfter().front();
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToEnd(before);
    if (isDo && ::mlir::failed(emitBody()))
      return failure();
    Value c = emitCondition();
    if (!c)
      return failure();
    scf::ConditionOp::create(b, l, c, ValueRange{});
    b.setInsertionPointToEnd(after);
    if (!isDo) {
      if (::mlir::failed(emitBody()))
        return failure();
      if (inc) {
        if (Value go = stillGoing()) {
          auto ifOp = scf::IfOp::create(b, l, go, false);
          OpBuilder::InsertionGuard g2(b);
          b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
          if (::mlir::failed(emitDiscarded(inc)))
            return failure();
        } else if (::mlir::failed(emitDiscarded(inc))) {
          return failure();
        }
      }
    }
    scf::YieldOp::create(b, l);
  }
  b.setInsertionPointAfter(w);
  return success();
}
