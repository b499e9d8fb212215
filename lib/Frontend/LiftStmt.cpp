//===- LiftStmt.cpp - statements and structured control flow --------------===//
//
// Blocks, declarations, `if`, `return`, `break`, `continue`. Early exits set
// i1 flag allocas (`__return`, `__break`, `__continue`); the statements after
// one that may exit run under an scf.if on the flags.
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

unsigned kfix::frontend::exitKinds(const cl::Stmt *s, bool inLoop) {
  if (!s)
    return 0;
  if (isa<cl::ReturnStmt>(s))
    return ExitReturn;
  if (isa<cl::BreakStmt>(s))
    return inLoop ? 0 : ExitBreak;
  if (isa<cl::ContinueStmt>(s))
    return inLoop ? 0 : ExitContinue;
  if (isa<cl::LambdaExpr>(s))
    return 0;
  bool nested = inLoop || isa<cl::ForStmt, cl::WhileStmt, cl::DoStmt, cl::SwitchStmt>(s);
  unsigned k = 0;
  for (const cl::Stmt *c : s->children())
    k |= exitKinds(c, nested);
  return k;
}

Value Lifter::exitGuard(const cl::Stmt *s, Location l) {
  unsigned k = exitKinds(s, false);
  SmallVector<Value> flags;
  if ((k & ExitReturn) && frames.back().returnFlag)
    flags.push_back(frames.back().returnFlag);
  if (!loops.empty()) {
    if ((k & ExitBreak) && loops.back().breakFlag)
      flags.push_back(loops.back().breakFlag);
    if ((k & ExitContinue) && loops.back().continueFlag)
      flags.push_back(loops.back().continueFlag);
  }
  if (flags.empty())
    return {};
  Value any;
  for (Value f : flags) {
    Value v = memref::LoadOp::create(b, l, f);
    any = any ? (Value)arith::OrIOp::create(b, l, any, v) : v;
  }
  return arith::XOrIOp::create(b, l, any, constBool(true, l));
}

bool Lifter::mayExit(const cl::Stmt *s, bool loopLevel) { return exitKinds(s, !loopLevel) != 0; }

/// Sets the insertion point before the terminator of `block` (or its end).
static void setInsertionInto(OpBuilder &b, Block *block) {
  if (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
    b.setInsertionPoint(&block->back());
  else
    b.setInsertionPointToEnd(block);
}

LogicalResult Lifter::emitCompound(ArrayRef<const cl::Stmt *> stmts) {
  Operation *firstGuard = nullptr;
  for (unsigned i = 0; i < stmts.size(); ++i) {
    if (::mlir::failed(emitStmt(stmts[i])))
      return failure();
    if (i + 1 == stmts.size())
      break;
    Location l = loc(stmts[i + 1]);
    Value go = exitGuard(stmts[i], l);
    if (!go)
      continue;
    auto ifOp = scf::IfOp::create(b, l, go, /*withElseRegion=*/false);
    if (!firstGuard)
      firstGuard = ifOp;
    setInsertionInto(b, ifOp.thenBlock());
  }
  if (firstGuard)
    b.setInsertionPointAfter(firstGuard);
  return success();
}

LogicalResult Lifter::emitIf(const cl::IfStmt *s) {
  if (s->getInit() && ::mlir::failed(emitStmt(s->getInit())))
    return failure();
  if (const cl::VarDecl *cv = s->getConditionVariable())
    if (::mlir::failed(declareVar(cv)))
      return failure();
  if (s->isConstexpr()) {
    bool taken = false;
    if (!s->getCond()->EvaluateAsBooleanCondition(taken, ast))
      return cannotLift(s->getCond(), "this 'if constexpr' condition");
    const cl::Stmt *branch = taken ? s->getThen() : s->getElse();
    return branch ? emitStmt(branch) : success();
  }
  Value c = emitCond(s->getCond());
  if (!c)
    return failure();
  Location l = loc(s);
  auto ifOp = scf::IfOp::create(b, l, c, /*withElseRegion=*/s->getElse() != nullptr);
  {
    OpBuilder::InsertionGuard g(b);
    setInsertionInto(b, ifOp.thenBlock());
    if (::mlir::failed(emitStmt(s->getThen())))
      return failure();
    if (s->getElse()) {
      setInsertionInto(b, ifOp.elseBlock());
      if (::mlir::failed(emitStmt(s->getElse())))
        return failure();
    }
  }
  b.setInsertionPointAfter(ifOp);
  return success();
}

Value Lifter::ensureFlag(Value &flag, StringRef name, Location l) {
  if (!flag) {
    flag = makeAlloca(b.getI1Type(), name, l);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointAfter(allocaAnchor);
    Value f = constBool(false, l);
    auto st = memref::StoreOp::create(b, l, f, flag);
    allocaAnchor = st;
  }
  return flag;
}

LogicalResult Lifter::emitReturn(const cl::ReturnStmt *s) {
  Location l = loc(s);
  Frame &f = frames.back();
  if (const cl::Expr *rv = s->getRetValue()) {
    if (f.isKernel)
      return cannotLift(s, "a kernel returning a value");
    if (rv->getType()->isPointerType())
      return cannotLift(s, "a device function returning a pointer");
    if (f.structCall.structReturn) {
      FailureOr<SmallVector<Value, 4>> v = emitStructValue(rv);
      if (::mlir::failed(v))
        return failure();
      storeStruct(f.structCall.retLeaves, *v, l);
    } else if (f.structCall.thisRecord && f.fn->getReturnType()->isReferenceType()) {
      // `return *this;`: the object is updated in place.
    } else {
      Value v = emitRValue(rv);
      if (!v)
        return failure();
      if (!f.retSlot)
        return cannotLift(s, "this return");
      memref::StoreOp::create(b, l, v, f.retSlot);
    }
  }
  Value flag = ensureFlag(f.returnFlag, "__return", l);
  memref::StoreOp::create(b, l, constBool(true, l), flag);
  return success();
}

LogicalResult Lifter::emitStmt(const cl::Stmt *s) {
  if (failed)
    return failure();
  if (!s)
    return success();
  curLoc = s->getBeginLoc();
  if (const auto *c = dyn_cast<cl::CompoundStmt>(s)) {
    ScopeGuard scope(*this, c->getSourceRange());
    return emitCompound(SmallVector<const cl::Stmt *>(c->body()));
  }
  if (const auto *e = dyn_cast<cl::Expr>(s))
    return emitDiscarded(e);
  if (const auto *d = dyn_cast<cl::DeclStmt>(s)) {
    for (const cl::Decl *decl : d->decls()) {
      if (const auto *vd = dyn_cast<cl::VarDecl>(decl)) {
        if (::mlir::failed(declareVar(vd)))
          return failure();
      } else if (!isa<cl::TypedefNameDecl, cl::UsingDecl, cl::UsingDirectiveDecl,
                      cl::StaticAssertDecl, cl::UsingShadowDecl>(decl)) {
        return error(decl->getLocation(), "kfix cannot lift this declaration");
      }
    }
    return success();
  }
  if (const auto *i = dyn_cast<cl::IfStmt>(s))
    return emitIf(i);
  if (const auto *f = dyn_cast<cl::ForStmt>(s))
    return emitFor(f);
  if (isa<cl::WhileStmt, cl::DoStmt>(s))
    return emitWhileLike(s);
  if (const auto *r = dyn_cast<cl::ReturnStmt>(s))
    return emitReturn(r);
  if (isa<cl::BreakStmt>(s) || isa<cl::ContinueStmt>(s)) {
    bool brk = isa<cl::BreakStmt>(s);
    if (loops.empty())
      return cannotLift(s, brk ? "this 'break'" : "this 'continue'");
    Value flag = brk ? loops.back().breakFlag : loops.back().continueFlag;
    if (!flag)
      return cannotLift(s, "this 'break' or 'continue'");
    memref::StoreOp::create(b, loc(s), constBool(true, loc(s)), flag);
    return success();
  }
  if (isa<cl::NullStmt>(s))
    return success();
  if (const auto *a = dyn_cast<cl::AttributedStmt>(s))
    return emitStmt(a->getSubStmt()); // #pragma unroll: a hint, dropped
  if (isa<cl::SwitchStmt>(s))
    return cannotLift(s, "a switch statement");
  if (isa<cl::GotoStmt, cl::IndirectGotoStmt, cl::LabelStmt>(s))
    return cannotLift(s, "goto and labels");
  if (isa<cl::AsmStmt>(s))
    return cannotLift(s, "inline assembly");
  if (isa<cl::CXXTryStmt>(s))
    return cannotLift(s, "a try block");
  if (isa<cl::CXXForRangeStmt>(s))
    return cannotLift(s, "a range-based for loop");
  return cannotLift(s, Twine("a statement of kind ") + s->getStmtClassName());
}
