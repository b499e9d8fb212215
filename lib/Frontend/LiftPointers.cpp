//===- LiftPointers.cpp - lvalues and pointer expressions -----------------===//
//
// `p[i]`, `*(p + i)`, `&a[i]`, `reinterpret_cast<float4 *>(p)`, pointer
// variables and their updates, array subscripts and vector components.
// Offsets stay in the C++ integer type; they become `index` only at the
// access (LiftMemory.cpp).
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

unsigned Lifter::lanesOf(const Ptr &p, cl::QualType pointee) {
  if (pointee->isArrayType())
    return 1;
  Type elem = cast<MemRefType>(p.base.getType()).getElementType();
  Type pt = memoryType(pointee, {});
  if (!pt)
    return 0;
  if (pt == elem)
    return 1;
  if (auto vt = dyn_cast<VectorType>(pt))
    if (vt.getElementType() == elem)
      return vt.getNumElements();
  return 0;
}

Ptr Lifter::addOffset(const Ptr &p, Index add, unsigned scale, bool subtract, Location l) {
  Ptr r = p;
  if (!add.v)
    return r;
  Value v = add.v;
  if (scale != 1)
    v = arith::MulIOp::create(b, l, v, constInt(v.getType(), scale, l));
  Index a{v, add.isUnsigned};
  if (subtract && a.isUnsigned) { // `p - n` with unsigned n: go signed 64-bit
    a.v = convertScalar(a.v, b.getI64Type(), true, false, l);
    a.isUnsigned = false;
  }
  if (!p.offset.v) {
    if (subtract)
      a.v = arith::SubIOp::create(b, l, zeroOf(a.v.getType(), l), a.v);
    r.offset = a;
    return r;
  }
  Index o = p.offset;
  if (o.v.getType() != a.v.getType()) {
    o.v = convertScalar(o.v, b.getI64Type(), o.isUnsigned, false, l);
    a.v = convertScalar(a.v, b.getI64Type(), a.isUnsigned, false, l);
    o.isUnsigned = a.isUnsigned = false;
  }
  r.offset.v = subtract ? (Value)arith::SubIOp::create(b, l, o.v, a.v)
                        : (Value)arith::AddIOp::create(b, l, o.v, a.v);
  r.offset.isUnsigned = o.isUnsigned && a.isUnsigned;
  if (p.offsetFrom)
    r.offset.v.getDefiningOp()->setAttr("kfix.ptr_offset", p.offsetFrom);
  r.offsetFrom = {};
  return r;
}

FailureOr<LValue> Lifter::deref(const Ptr &p, cl::QualType pointee, const cl::Expr *at) {
  LValue lv;
  lv.memref = p.base;
  lv.indices = p.lead;
  lv.indices.push_back(p.offset);
  if (!pointee->isArrayType()) {
    lv.valueType = convertType(pointee, at->getExprLoc());
    if (!lv.valueType)
      return failure();
  }
  auto mt = cast<MemRefType>(p.base.getType());
  if ((int64_t)lv.indices.size() > mt.getRank()) {
    (void)cannotLift(at, "this access to a multi-dimensional array");
    return failure();
  }
  return lv;
}

static int laneOfName(StringRef name) {
  return llvm::StringSwitch<int>(name).Case("x", 0).Case("y", 1).Case("z", 2).Case("w", 3).Default(
      -1);
}

FailureOr<LValue> Lifter::emitLValue(const cl::Expr *e) {
  if (failed)
    return failure();
  curLoc = e->getExprLoc();
  Location l = loc(e);
  if (isAccessorSubscript(e) || accessorInfo(e->getType()))
    return emitAccessor(e);
  if (const auto *p = dyn_cast<cl::ParenExpr>(e))
    return emitLValue(p->getSubExpr());
  if (const auto *c = dyn_cast<cl::ImplicitCastExpr>(e))
    if (c->getCastKind() == cl::CK_NoOp)
      return emitLValue(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::MaterializeTemporaryExpr>(e)) {
    if (c->getSubExpr()->isGLValue())
      return emitLValue(c->getSubExpr());
    LValue lv;
    lv.direct = emitRValue(c->getSubExpr());
    if (!lv.direct)
      return failure();
    lv.valueType = lv.direct.getType();
    return lv;
  }
  if (const auto *dre = dyn_cast<cl::DeclRefExpr>(e)) {
    const auto *vd = dyn_cast<cl::VarDecl>(dre->getDecl());
    if (vd && vd->hasAttr<cl::CUDASharedAttr>())
      return sharedVar(vd);
    if (vd && !frames.back().vars.count(vd) && !globals.count(vd->getCanonicalDecl()) &&
        vd->getType().isConstQualified()) {
      // A const global or local with a constant initializer, read as a value.
      if (auto c = emitConstant(vd->getInit() ? vd->getInit() : e)) {
        LValue lv;
        lv.direct = *c;
        if (!lv.direct)
          return failure();
        lv.valueType = lv.direct.getType();
        return lv;
      }
    }
    FailureOr<Binding *> bnd = lookup(dre->getDecl(), e);
    if (::mlir::failed(bnd))
      return failure();
    Binding &bd = **bnd;
    LValue lv;
    switch (bd.kind) {
    case Binding::Slot:
      lv.memref = bd.slot;
      lv.valueType = cast<MemRefType>(bd.slot.getType()).getElementType();
      return lv;
    case Binding::Direct:
      lv.direct = bd.value;
      lv.valueType = bd.value.getType();
      return lv;
    case Binding::Ref:
    case Binding::Array:
      return bd.ref;
    default:
      (void)cannotLift(e, "a pointer variable used as a value");
      return failure();
    }
  }
  if (const auto *as = dyn_cast<cl::ArraySubscriptExpr>(e)) {
    const cl::Expr *base = as->getBase();
    if (!base->getType()->isPointerType()) {
      (void)cannotLift(e, "a subscript of a non-pointer");
      return failure();
    }
    FailureOr<Ptr> p = emitPointer(base);
    if (::mlir::failed(p))
      return failure();
    Value i = emitRValue(as->getIdx());
    if (!i)
      return failure();
    cl::QualType pointee = base->getType()->getPointeeType();
    unsigned lanes = lanesOf(*p, pointee);
    if (!lanes) {
      (void)cannotLift(e, "an access that reinterprets memory of a different "
                          "element type");
      return failure();
    }
    Ptr q = addOffset(*p, Index{i, isUnsignedInt(as->getIdx()->getType())}, lanes, false, l);
    return deref(q, e->getType(), e);
  }
  if (const auto *uo = dyn_cast<cl::UnaryOperator>(e)) {
    if (uo->getOpcode() == cl::UO_Deref) {
      FailureOr<Ptr> p = emitPointer(uo->getSubExpr());
      if (::mlir::failed(p))
        return failure();
      if (!lanesOf(*p, e->getType())) {
        (void)cannotLift(e, "an access that reinterprets memory of a different "
                            "element type");
        return failure();
      }
      return deref(*p, e->getType(), e);
    }
    if (uo->getOpcode() == cl::UO_PreInc || uo->getOpcode() == cl::UO_PreDec) {
      LValue lv;
      if (!emitIncDec(uo, &lv))
        return failure();
      return lv;
    }
  }
  if (const auto *bo = dyn_cast<cl::BinaryOperator>(e)) {
    if (bo->isAssignmentOp()) {
      LValue lv;
      if (!emitAssign(bo, &lv))
        return failure();
      return lv;
    }
  }
  if (const auto *po = dyn_cast<cl::PseudoObjectExpr>(e)) {
    if (const auto *pr = dyn_cast<cl::MSPropertyRefExpr>(po->getSyntacticForm()->IgnoreParens())) {
      LValue lv;
      lv.direct = builtinVar(pr->getBaseExpr(), pr->getPropertyDecl()->getName(), l);
      if (lv.direct) {
        lv.valueType = lv.direct.getType();
        return lv;
      }
    }
    (void)cannotLift(e, "this property access");
    return failure();
  }
  if (const auto *me = dyn_cast<cl::MemberExpr>(e)) {
    StringRef field = me->getMemberDecl()->getName();
    if (!me->isArrow())
      if (Value bv = builtinVar(me->getBase(), field, l)) {
        LValue lv;
        lv.direct = bv;
        lv.valueType = bv.getType();
        return lv;
      }
    if (std::optional<FailureOr<LValue>> slv = emitStructMember(me))
      return *slv;
    const cl::Expr *base = me->getBase();
    cl::QualType bt = me->isArrow() ? base->getType()->getPointeeType() : base->getType();
    auto vi = vectorInfo(bt);
    int lane = laneOfName(field);
    if (!vi || lane < 0 || lane >= (int)vi->first) {
      (void)cannotLift(e, "a member access on '" + bt.getAsString(ast.getPrintingPolicy()) + "'");
      return failure();
    }
    LValue lv;
    if (me->isArrow()) {
      FailureOr<Ptr> p = emitPointer(base);
      if (::mlir::failed(p))
        return failure();
      FailureOr<LValue> d = deref(*p, bt, e);
      if (::mlir::failed(d))
        return failure();
      lv = *d;
    } else if (base->isGLValue()) {
      FailureOr<LValue> d = emitLValue(base);
      if (::mlir::failed(d))
        return failure();
      lv = *d;
    } else {
      lv.direct = emitRValue(base);
      if (!lv.direct)
        return failure();
      lv.valueType = lv.direct.getType();
    }
    if (lv.lane >= 0) {
      (void)cannotLift(e, "a nested member access");
      return failure();
    }
    lv.lane = lane;
    return lv;
  }
  // A call returning a const reference (`std::min(a, b)` used as an argument
  // of another `std::max`): only read, so its value stands for it.
  if (isa<cl::CallExpr>(e) && e->getType().isConstQualified()) {
    LValue lv;
    lv.direct = emitRValue(e);
    if (!lv.direct)
      return failure();
    lv.valueType = lv.direct.getType();
    return lv;
  }
  (void)cannotLift(e, Twine("this lvalue (") + e->getStmtClassName() + ")");
  return failure();
}

static LogicalResult checkSameBase(Lifter &lf, const Ptr &a, const Ptr &bp, const cl::Expr *at) {
  if (a.base != bp.base || a.lead.size() != bp.lead.size())
    return lf.cannotLift(at, "a pointer variable that points into more than "
                             "one buffer");
  for (unsigned i = 0; i < a.lead.size(); ++i)
    if (a.lead[i].v != bp.lead[i].v)
      return lf.cannotLift(at, "a pointer variable that moves between rows of "
                               "a multi-dimensional array");
  return success();
}

LogicalResult Lifter::emitPointerAssign(const cl::Expr *lhs, const Ptr &p, const cl::Expr *at) {
  const auto *dre = dyn_cast<cl::DeclRefExpr>(lhs->IgnoreParenImpCasts());
  if (!dre)
    return cannotLift(at, "an assignment to this pointer");
  FailureOr<Binding *> bnd = lookup(dre->getDecl(), at);
  if (::mlir::failed(bnd))
    return failure();
  Binding &bd = **bnd;
  if (bd.kind != Binding::PtrSlot)
    return cannotLift(at, "an assignment to this pointer");
  if (::mlir::failed(checkSameBase(*this, bd.ptr, p, at)))
    return failure();
  Location l = loc(at);
  Value off = p.offset.v ? convertScalar(p.offset.v, b.getI64Type(), p.offset.isUnsigned, false, l)
                         : constInt(b.getI64Type(), 0, l);
  memref::StoreOp::create(b, l, off, bd.slot);
  return success();
}

static FailureOr<Ptr> pointerVar(Lifter &lf, const cl::Expr *e) {
  const auto *dre = dyn_cast<cl::DeclRefExpr>(e->IgnoreParens());
  if (!dre) {
    (void)lf.cannotLift(e, "this pointer expression");
    return failure();
  }
  FailureOr<Binding *> bnd = lf.lookup(dre->getDecl(), e);
  if (::mlir::failed(bnd))
    return failure();
  Binding &bd = **bnd;
  if (bd.kind == Binding::FixedPtr)
    return bd.ptr;
  if (bd.kind == Binding::PtrSlot) {
    Ptr p = bd.ptr;
    p.offset = Index{memref::LoadOp::create(lf.b, lf.loc(e), bd.slot), false};
    return p;
  }
  (void)lf.cannotLift(e, "this pointer expression");
  return failure();
}

FailureOr<Ptr> Lifter::emitPointer(const cl::Expr *e) {
  if (failed)
    return failure();
  curLoc = e->getExprLoc();
  Location l = loc(e);
  if (const auto *p = dyn_cast<cl::ParenExpr>(e))
    return emitPointer(p->getSubExpr());
  if (const auto *c = dyn_cast<cl::ExprWithCleanups>(e)) // `x[i].data()`
    return emitPointer(c->getSubExpr());
  if (const auto *mc = dyn_cast<cl::CXXMemberCallExpr>(e))
    if (accessorInfo(mc->getImplicitObjectArgument()->getType()))
      return emitAccessorData(mc);
  if (const auto *c = dyn_cast<cl::CastExpr>(e)) {
    switch (c->getCastKind()) {
    case cl::CK_LValueToRValue:
      if (isa<cl::DeclRefExpr>(c->getSubExpr()->IgnoreParens()))
        return pointerVar(*this, c->getSubExpr());
      return emitPointer(c->getSubExpr()); // `c ? p : q` is an lvalue in C++
    case cl::CK_ArrayToPointerDecay: {
      FailureOr<LValue> lv = emitLValue(c->getSubExpr());
      if (::mlir::failed(lv))
        return failure();
      if (!lv->memref || lv->direct || lv->lane >= 0) {
        (void)cannotLift(e, "this array");
        return failure();
      }
      Ptr p;
      p.base = lv->memref;
      p.lead = lv->indices;
      return p;
    }
    case cl::CK_NoOp:
    case cl::CK_BitCast: {
      FailureOr<Ptr> p = emitPointer(c->getSubExpr());
      if (::mlir::failed(p))
        return failure();
      cl::QualType to = e->getType()->getPointeeType();
      // `reinterpret_cast<T *>(extern_smem)`: another view of the same bytes.
      if (!to->isVoidType() && !lanesOf(*p, to) && p->lead.empty() && !p->offset.v &&
          p->base.getDefiningOp<memref::ViewOp>() &&
          p->base.getDefiningOp<memref::ViewOp>().getSource() == dynamicShared &&
          !to->isIncompleteType()) {
        Type et = memoryType(to, c->getExprLoc());
        if (!et)
          return failure();
        auto name = p->base.getDefiningOp()->getAttrOfType<StringAttr>("kfix.var");
        Ptr q;
        q.base = dynamicSharedView(et, ast.getTypeSizeInChars(to).getQuantity(),
                                   name ? name.getValue() : "smem", l);
        return q;
      }
      if (!to->isVoidType() && !lanesOf(*p, to)) {
        (void)cannotLift(e, "a pointer cast to '" +
                                e->getType().getAsString(ast.getPrintingPolicy()) +
                                "' over memory of another element type");
        return failure();
      }
      return p;
    }
    default:
      (void)cannotLift(e, Twine("the pointer cast '") + c->getCastKindName() + "'");
      return failure();
    }
  }
  if (const auto *bo = dyn_cast<cl::BinaryOperator>(e)) {
    cl::BinaryOperatorKind op = bo->getOpcode();
    if (op == cl::BO_Add || op == cl::BO_Sub) {
      const cl::Expr *pe = bo->getLHS(), *ie = bo->getRHS();
      if (!pe->getType()->isPointerType())
        std::swap(pe, ie);
      if (!ie->getType()->isIntegralOrEnumerationType()) {
        (void)cannotLift(e, "this pointer arithmetic");
        return failure();
      }
      FailureOr<Ptr> p = emitPointer(pe);
      Value i = ::mlir::failed(p) ? Value() : emitRValue(ie);
      if (!i)
        return failure();
      unsigned lanes = lanesOf(*p, pe->getType()->getPointeeType());
      return addOffset(*p, Index{i, isUnsignedInt(ie->getType())}, lanes, op == cl::BO_Sub, l);
    }
    if (op == cl::BO_Assign || op == cl::BO_AddAssign || op == cl::BO_SubAssign) {
      FailureOr<Ptr> np;
      if (op == cl::BO_Assign) {
        np = emitPointer(bo->getRHS());
      } else {
        FailureOr<Ptr> cur = pointerVar(*this, bo->getLHS());
        Value i = ::mlir::failed(cur) ? Value() : emitRValue(bo->getRHS());
        if (!i)
          return failure();
        unsigned lanes = lanesOf(*cur, bo->getLHS()->getType()->getPointeeType());
        np = addOffset(*cur, Index{i, isUnsignedInt(bo->getRHS()->getType())}, lanes,
                       op == cl::BO_SubAssign, l);
      }
      if (::mlir::failed(np) || ::mlir::failed(emitPointerAssign(bo->getLHS(), *np, e)))
        return failure();
      return np;
    }
    if (op == cl::BO_Comma) {
      if (::mlir::failed(emitDiscarded(bo->getLHS())))
        return failure();
      return emitPointer(bo->getRHS());
    }
  }
  if (const auto *uo = dyn_cast<cl::UnaryOperator>(e)) {
    if (uo->getOpcode() == cl::UO_AddrOf) {
      FailureOr<LValue> lv = emitLValue(uo->getSubExpr());
      if (::mlir::failed(lv))
        return failure();
      if (!lv->memref || lv->direct || lv->lane >= 0 || lv->indices.empty()) {
        (void)cannotLift(e, "taking the address of a local variable or value");
        return failure();
      }
      Ptr p;
      p.base = lv->memref;
      p.lead.assign(lv->indices.begin(), lv->indices.end() - 1);
      p.offset = lv->indices.back();
      return p;
    }
    if (uo->isIncrementDecrementOp()) {
      FailureOr<Ptr> cur = pointerVar(*this, uo->getSubExpr());
      if (::mlir::failed(cur))
        return failure();
      unsigned lanes = lanesOf(*cur, uo->getType()->getPointeeType());
      Ptr next = addOffset(*cur, Index{constInt(b.getI32Type(), 1, l), false}, lanes,
                           uo->isDecrementOp(), l);
      if (::mlir::failed(emitPointerAssign(uo->getSubExpr(), next, e)))
        return failure();
      return uo->isPrefix() ? next : *cur;
    }
  }
  if (const auto *co = dyn_cast<cl::ConditionalOperator>(e)) {
    Value c = emitCond(co->getCond());
    FailureOr<Ptr> t = c ? emitPointer(co->getTrueExpr()) : FailureOr<Ptr>();
    FailureOr<Ptr> f = ::mlir::succeeded(t) ? emitPointer(co->getFalseExpr()) : FailureOr<Ptr>();
    if (::mlir::failed(f) || ::mlir::failed(checkSameBase(*this, *t, *f, e)))
      return failure();
    Ptr r = *t;
    Value tv = t->offset.v
                   ? convertScalar(t->offset.v, b.getI64Type(), t->offset.isUnsigned, false, l)
                   : constInt(b.getI64Type(), 0, l);
    Value fv = f->offset.v
                   ? convertScalar(f->offset.v, b.getI64Type(), f->offset.isUnsigned, false, l)
                   : constInt(b.getI64Type(), 0, l);
    r.offset = Index{arith::SelectOp::create(b, l, c, tv, fv), false};
    return r;
  }
  if (isa<cl::DeclRefExpr>(e))
    return pointerVar(*this, e);
  if (const auto *c = dyn_cast<cl::SubstNonTypeTemplateParmExpr>(e))
    return emitPointer(c->getReplacement());
  if (const auto *call = dyn_cast<cl::CallExpr>(e); call && !isa<cl::CXXMemberCallExpr>(call))
    return emitPointerCall(call);
  if (isa<cl::CXXNullPtrLiteralExpr, cl::GNUNullExpr>(e)) {
    (void)cannotLift(e, "a null pointer");
    return failure();
  }
  (void)cannotLift(e, Twine("this pointer expression (") + e->getStmtClassName() + ")");
  return failure();
}
