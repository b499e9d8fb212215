//===- LiftCalls.cpp - calls: builtins by name, device functions inlined --===//
//
// A call is first matched by name against the CUDA builtins kfix knows
// (LiftBuiltins.cpp, LiftHalf.cpp): their header bodies (inline PTX, NVVM
// builtins) are never lifted. Any other __device__ function with a body is
// inlined at the call; a single trailing `return` needs no flags.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"
#include "StmtUtils.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

SmallVector<Value> Lifter::emitArgs(const cl::CallExpr *e) {
  SmallVector<Value> args;
  for (const cl::Expr *a : e->arguments()) {
    Value v = emitRValue(a);
    if (!v)
      return {};
    args.push_back(v);
  }
  return args;
}

Value Lifter::emitCall(const cl::CallExpr *e) {
  Location l = loc(e);
  if (isa<cl::CUDAKernelCallExpr>(e)) {
    (void)cannotLift(e, "a kernel launch in device code");
    return {};
  }
  if (const auto *op = dyn_cast<cl::CXXOperatorCallExpr>(e)) {
    if (auto r = emitHalfOperator(op))
      return *r;
    if (failed)
      return {};
    if (std::optional<Value> r = emitStructMethodCall(op, StructCall()))
      return *r;
    // The implicit copy/move assignment of a vector struct (`float4 a; a = b;`).
    if (const auto *md = dyn_cast_or_null<cl::CXXMethodDecl>(op->getDirectCallee()))
      if (op->getOperator() == cl::OO_Equal && md->isTrivial() &&
          (md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator()) &&
          op->getNumArgs() == 2) {
        Value v = emitRValue(op->getArg(1));
        FailureOr<LValue> lv = v ? emitLValue(op->getArg(0)) : FailureOr<LValue>();
        if (::mlir::failed(lv) || ::mlir::failed(store(*lv, v, l)))
          return {};
        return v;
      }
  }
  if (const auto *mc = dyn_cast<cl::CXXMemberCallExpr>(e)) {
    if (std::optional<Value> r = emitAccessorCall(mc))
      return *r;
    if (std::optional<Value> r = emitCubCall(mc))
      return *r;
    if (failed)
      return {};
    if (std::optional<Value> r = emitStructMethodCall(mc, StructCall()))
      return *r;
    const cl::CXXMethodDecl *md = mc->getMethodDecl();
    if (const auto *conv = dyn_cast_or_null<cl::CXXConversionDecl>(md)) {
      const cl::Expr *obj = mc->getImplicitObjectArgument();
      Value v = emitRValue(obj);
      if (!v)
        return {};
      Type to = convertType(conv->getConversionType(), e->getExprLoc());
      if (!to)
        return {};
      Value r = convertScalar(v, to, isUnsignedInt(obj->getType()),
                              isUnsignedInt(conv->getConversionType()), l);
      if (!r)
        (void)cannotLift(e, "this conversion");
      return r;
    }
    (void)cannotLift(e, "a member function call");
    return {};
  }
  const cl::FunctionDecl *fd = e->getDirectCallee();
  if (!fd) {
    (void)cannotLift(e, "an indirect call");
    return {};
  }
  if (fd->getIdentifier()) {
    if (auto r = emitBuiltin(e, fd->getName()))
      return *r;
    if (failed)
      return {};
  }
  const cl::FunctionDecl *def = fd->getDefinition();
  bool isDevice = fd->hasAttr<cl::CUDADeviceAttr>() || fd->isConstexpr();
  if (!def || !def->hasBody() || !isDevice ||
      ast.getSourceManager().isInSystemHeader(def->getLocation())) {
    (void)cannotLift(e, "a call to '" + fd->getNameAsString() + "'");
    return {};
  }
  SmallVector<const cl::Expr *> args(e->arguments());
  if (isa<cl::CXXOperatorCallExpr>(e) && isa<cl::CXXMethodDecl>(fd)) {
    (void)cannotLift(e, "a member operator call");
    return {};
  }
  return inlineCall(def, args, e, nullptr);
}

/// Counts the return statements in `s`.
static unsigned countReturns(const cl::Stmt *s) {
  if (!s)
    return 0;
  if (isa<cl::ReturnStmt>(s))
    return 1;
  unsigned n = 0;
  for (const cl::Stmt *c : s->children())
    n += countReturns(c);
  return n;
}

Value Lifter::inlineCall(const cl::FunctionDecl *fd, ArrayRef<const cl::Expr *> args,
                         const cl::Expr *call, LValue *refResult, const StructCall *sc) {
  (void)refResult;
  for (const Frame &f : frames)
    if (f.fn == fd) {
      (void)cannotLift(call, "a recursive call to '" + fd->getNameAsString() + "'");
      return {};
    }
  if ((fd->getReturnType()->isPointerType() && !(sc && sc->pointerReturn)) ||
      (fd->getReturnType()->isReferenceType() && !(sc && sc->thisRecord))) {
    (void)cannotLift(call, "a device function returning a pointer or reference");
    return {};
  }
  if (fd->isVariadic() || args.size() != fd->getNumParams()) {
    (void)cannotLift(call, "this call to '" + fd->getNameAsString() + "'");
    return {};
  }
  // Arguments are evaluated in the caller.
  SmallVector<InlineArg, 4> vals;
  for (unsigned i = 0; i < args.size(); ++i) {
    cl::QualType pt = fd->getParamDecl(i)->getType();
    InlineArg a;
    if (isLiftedStruct(pt.getNonReferenceType())) {
      // A struct: its values, or for a reference to an lvalue its slots.
      a.isStruct = true;
      FailureOr<SmallVector<Value, 4>> v;
      if (pt->isReferenceType() && args[i]->isGLValue()) {
        v = emitStructSlots(args[i]);
        a.leavesAreSlots = true;
      } else {
        v = emitStructValue(args[i]);
      }
      if (::mlir::failed(v))
        return {};
      a.leaves = *v;
    } else if (accessorInfo(pt) && !pt->isReferenceType()) {
      FailureOr<LValue> lv = emitAccessor(args[i]);
      if (::mlir::failed(lv))
        return {};
      a.ref = *lv;
    } else if (pt->isPointerType()) {
      FailureOr<Ptr> p = emitPointer(args[i]);
      if (::mlir::failed(p))
        return {};
      a.p = *p;
    } else if (pt->isReferenceType()) {
      if (pt->getPointeeType()->isPointerType()) {
        (void)cannotLift(args[i], "a pointer passed by reference");
        return {};
      }
      FailureOr<LValue> lv = emitLValue(args[i]);
      if (::mlir::failed(lv))
        return {};
      a.ref = *lv;
    } else {
      a.v = emitRValue(args[i]);
      if (!a.v)
        return {};
    }
    a.expr = args[i];
    vals.push_back(a);
  }
  return inlineBound(fd, vals, call, sc);
}

Value Lifter::inlineBound(const cl::FunctionDecl *fd, ArrayRef<InlineArg> vals,
                          const cl::Expr *call, const StructCall *sc) {
  Location l = loc(call);
  const cl::Stmt *body = fd->getBody();
  Type retType;
  bool structRet = sc && sc->structReturn;
  bool ptrRet = sc && sc->pointerReturn;
  // A member function returning `*this` by reference (`return *this;`):
  // the object is already updated in its slots.
  bool selfRef = sc && sc->thisRecord && fd->getReturnType()->isReferenceType();
  if (!fd->getReturnType()->isVoidType() && !structRet && !selfRef && !ptrRet &&
      !isa<cl::CXXConstructorDecl>(fd)) {
    retType = convertType(fd->getReturnType(), fd->getLocation());
    if (!retType)
      return {};
  }
  // The parameters (and the fast path's locals) are visible in the body.
  ScopeGuard scope(*this, body->getSourceRange());
  // The uses each named by-value argument has before the body is emitted:
  // the body's own are tagged afterwards (tagCallArgUses).
  std::vector<std::pair<unsigned, llvm::SmallPtrSet<OpOperand *, 16>>> named;
  for (unsigned i = 0; i < vals.size(); ++i) {
    Value v = vals[i].v;
    const cl::ParmVarDecl *p = fd->getParamDecl(i);
    if (!v || !vals[i].expr || p->getType()->isPointerType() || p->getType()->isReferenceType() ||
        isPtrWrittenIn(p, body))
      continue;
    auto ld = v.getDefiningOp<memref::LoadOp>();
    bool isNamed =
        isa<BlockArgument>(v) || (ld && ld.getMemRef().getDefiningOp<memref::AllocaOp>() &&
                                  ld.getMemRef().getDefiningOp()->hasAttr("kfix.var"));
    // A value passed twice (`f(n, n)`): its reads cannot tell the arguments.
    bool twice = llvm::count_if(vals, [&](const InlineArg &o) { return o.v == v; }) > 1;
    if (!isNamed || twice)
      continue;
    llvm::SmallPtrSet<OpOperand *, 16> uses;
    for (OpOperand &u : v.getUses())
      uses.insert(&u);
    named.push_back({i, std::move(uses)});
  }
  frames.emplace_back();
  Frame &f = frames.back();
  f.fn = fd;
  if (sc)
    f.structCall = *sc;
  for (unsigned i = 0; i < vals.size(); ++i) {
    const cl::ParmVarDecl *p = fd->getParamDecl(i);
    Binding bnd;
    if (vals[i].isStruct) {
      bnd.kind = Binding::Struct;
      if (vals[i].leavesAreSlots) {
        bnd.leaves = vals[i].leaves;
      } else {
        bnd.leaves = makeStructSlots(p->getType().getNonReferenceType(), p->getName(), l,
                                     /*wholeScope=*/true);
        storeStruct(bnd.leaves, vals[i].leaves, l);
      }
    } else if (accessorInfo(p->getType()) && !p->getType()->isReferenceType()) {
      bnd.kind = Binding::Array;
      bnd.ref = vals[i].ref;
    } else if (p->getType()->isPointerType()) {
      if (isPtrWrittenIn(p, body)) {
        bnd.kind = Binding::PtrSlot;
        bnd.ptr = vals[i].p;
        bnd.ptr.offset = Index{};
        bnd.slot = makeAlloca(b.getI64Type(), p->getName(), l, /*wholeScope=*/true);
        Index o = vals[i].p.offset;
        Value off = o.v ? convertScalar(o.v, b.getI64Type(), o.isUnsigned, false, l)
                        : constInt(b.getI64Type(), 0, l);
        memref::StoreOp::create(b, l, off, bnd.slot);
      } else {
        bnd.kind = Binding::FixedPtr;
        bnd.ptr = vals[i].p;
      }
    } else if (p->getType()->isReferenceType()) {
      bnd.kind = Binding::Ref;
      bnd.ref = vals[i].ref;
    } else if (isPtrWrittenIn(p, body)) {
      bnd.kind = Binding::Slot;
      bnd.slot = makeAlloca(vals[i].v.getType(), p->getName(), l, /*wholeScope=*/true);
      tagCType(bnd.slot, p->getType());
      memref::StoreOp::create(b, l, vals[i].v, bnd.slot);
    } else {
      bnd.kind = Binding::Direct;
      bnd.value = vals[i].v;
      // A by-value scalar the helper only reads keeps its value in SSA form;
      // a copy under its name (stored, never read by the lifted code, marked
      // kfix.param) lets an edit in the helper name it as C does. A value
      // with a name already (a kernel parameter, a read of a local) keeps it.
      Type vt = vals[i].v ? vals[i].v.getType() : Type();
      auto ld = vals[i].v ? vals[i].v.getDefiningOp<memref::LoadOp>() : nullptr;
      bool named = isa_and_nonnull<BlockArgument>(vals[i].v) ||
                   (ld && ld.getMemRef().getDefiningOp<memref::AllocaOp>() &&
                    ld.getMemRef().getDefiningOp()->hasAttr("kfix.var"));
      if (vt && (isa<FloatType>(vt) || vt.isSignlessInteger()) && !vt.isInteger(1) &&
          !p->getName().empty() && !named) {
        Value side = makeAlloca(vt, p->getName(), l, /*wholeScope=*/true);
        side.getDefiningOp()->setAttr("kfix.param", b.getUnitAttr());
        // A parameter the helper never names was meant somewhere in it.
        if (!p->isReferenced())
          side.getDefiningOp()->setAttr("kfix.unread", b.getUnitAttr());
        tagCType(side, p->getType());
        memref::StoreOp::create(b, l, vals[i].v, side);
      }
    }
    f.vars[p] = bnd;
  }

  // Fast path: one return, the last statement of the body.
  const auto *cs = dyn_cast<cl::CompoundStmt>(body);
  const cl::ReturnStmt *tail = nullptr;
  if (cs && !cs->body_empty())
    tail = dyn_cast<cl::ReturnStmt>(cs->body_back());
  Value result;
  LogicalResult ok = success();
  if (const auto *ctor = dyn_cast<cl::CXXConstructorDecl>(fd))
    ok = emitCtorInits(ctor);
  if (::mlir::failed(ok)) {
    // reported
  } else if (cs && countReturns(body) == (tail ? 1u : 0u)) {
    SmallVector<const cl::Stmt *> stmts(cs->body());
    if (tail)
      stmts.pop_back();
    ok = emitCompound(stmts);
    if (::mlir::succeeded(ok) && tail && tail->getRetValue() && ptrRet) {
      FailureOr<Ptr> p = emitPointer(tail->getRetValue());
      if (::mlir::failed(p))
        ok = failure();
      else
        ptrResult = *p;
    } else if (::mlir::succeeded(ok) && tail && tail->getRetValue() && structRet) {
      FailureOr<SmallVector<Value, 4>> v = emitStructValue(tail->getRetValue());
      if (::mlir::failed(v))
        ok = failure();
      else
        storeStruct(frames.back().structCall.retLeaves, *v, l);
    } else if (::mlir::succeeded(ok) && tail && tail->getRetValue() && !selfRef)
      result = emitRValue(tail->getRetValue());
  } else if (ptrRet) {
    ok = cannotLift(call, "a helper returning a pointer other than by one trailing return");
  } else {
    if (retType)
      f.retSlot = makeAlloca(retType, "__retval", l);
    f.returnFlag = makeAlloca(b.getI1Type(), "__return", l);
    memref::StoreOp::create(b, l, constBool(false, l), f.returnFlag);
    ok = emitStmt(body);
    if (::mlir::succeeded(ok) && retType)
      result = memref::LoadOp::create(b, l, frames.back().retSlot);
  }
  frames.pop_back();
  if (::mlir::failed(ok) || failed)
    return {};
  for (auto &[i, before] : named)
    tagCallArgUses(vals[i].v, i, vals[i].expr, call, before);
  if (!retType)
    return voidValue;
  if (!result)
    (void)cannotLift(call, "a device function that may end without a return");
  return result;
}

void Lifter::tagCallArgUses(Value v, unsigned argIndex, const cl::Expr *arg, const cl::Expr *call,
                            const llvm::SmallPtrSetImpl<OpOperand *> &before) {
  const cl::SourceManager &sm = ast.getSourceManager();
  if (!arg || !call || arg->getBeginLoc().isMacroID() || arg->getEndLoc().isMacroID())
    return;
  auto callLoc = dyn_cast<FileLineColLoc>(loc(call));
  cl::SourceLocation endTok =
      cl::Lexer::getLocForEndOfToken(arg->getEndLoc(), 0, sm, ast.getLangOpts());
  cl::PresumedLoc pb = sm.getPresumedLoc(arg->getBeginLoc());
  cl::PresumedLoc pe = sm.getPresumedLoc(endTok);
  if (!callLoc || !pb.isValid() || !pe.isValid() || pb.getFileID() != pe.getFileID())
    return;
  std::string tag =
      llvm::formatv("{0}:{1}:{2}:{3}:{4}:{5}:{6}", argIndex, callLoc.getLine(), callLoc.getColumn(),
                    pb.getLine(), pb.getColumn(), pe.getLine(), pe.getColumn())
          .str();
  SmallVector<OpOperand *> fresh;
  for (OpOperand &u : v.getUses())
    if (!before.contains(&u))
      fresh.push_back(&u);
  for (OpOperand *u : fresh) {
    Operation *owner = u->getOwner();
    SmallVector<Attribute> entries;
    if (auto old = owner->getAttrOfType<ArrayAttr>("kfix.callarg"))
      entries.append(old.begin(), old.end());
    entries.push_back(b.getStringAttr(std::to_string(u->getOperandNumber()) + ":" + tag));
    owner->setAttr("kfix.callarg", b.getArrayAttr(entries));
  }
}

FailureOr<Ptr> Lifter::emitPointerCall(const cl::CallExpr *e) {
  const cl::FunctionDecl *fd = e->getDirectCallee();
  const cl::FunctionDecl *def = fd ? fd->getDefinition() : nullptr;
  bool isDevice = fd && (fd->hasAttr<cl::CUDADeviceAttr>() || fd->isConstexpr());
  if (!def || !def->hasBody() || !isDevice || isa<cl::CXXMethodDecl>(fd) ||
      ast.getSourceManager().isInSystemHeader(def->getLocation())) {
    (void)cannotLift(e, "this pointer expression (CallExpr)");
    return failure();
  }
  StructCall sc;
  sc.pointerReturn = true;
  ptrResult.reset();
  SmallVector<const cl::Expr *> args(e->arguments());
  if (!inlineCall(def, args, e, nullptr, &sc) || !ptrResult)
    return failure();
  Ptr p = *ptrResult;
  ptrResult.reset();
  return p;
}
