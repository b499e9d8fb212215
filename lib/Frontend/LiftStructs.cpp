//===- LiftStructs.cpp - small structs and functors in registers ----------===//
//
// Kernels keep small aggregates in registers: a (value, index) pair for an
// argmax, a Welford state, an accumulator with its count; and they pass
// stateless functors (`MaxOp()`, a capture-less lambda) to templated
// reductions. A class of scalars, vectors and such classes is lifted field
// by field: a variable of it is one rank-0 local per scalar field, named
// `var.field` (the C++ spelling of the access); a value of it is the list of
// its fields' values. Member functions and operator() are inlined with `this`
// bound to the object's slots; a constructor runs its member initializers and
// body on a temporary's slots; a struct result comes back through slots the
// caller allocates.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

bool Lifter::isLiftedStruct(cl::QualType t) const {
  t = t.getCanonicalType();
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd || isHalf(t) || isBF16(t) || vectorInfo(t) || accessorInfo(t))
    return false;
  rd = rd->getDefinition();
  if (!rd || rd->isUnion() || rd->isPolymorphic() || rd->getNumBases() || rd->getNumVBases())
    return false;
  if (!rd->isLambda() && ast.getSourceManager().isInSystemHeader(rd->getLocation()))
    return false;
  for (const cl::FieldDecl *f : rd->fields()) {
    cl::QualType ft = f->getType().getCanonicalType();
    if (f->isBitField() || f->getName().empty())
      return false;
    if (ft->isArithmeticType() || ft->isEnumeralType() || isHalf(ft) || isBF16(ft) ||
        vectorInfo(ft) || isLiftedStruct(ft))
      continue;
    return false;
  }
  return true;
}

void Lifter::structLeaves(cl::QualType t, SmallVectorImpl<StructLeaf> &out,
                          const std::string &prefix) const {
  const cl::CXXRecordDecl *rd = t.getCanonicalType()->getAsCXXRecordDecl()->getDefinition();
  for (const cl::FieldDecl *f : rd->fields()) {
    std::string p = prefix + "." + f->getName().str();
    if (isLiftedStruct(f->getType()))
      structLeaves(f->getType(), out, p);
    else
      out.push_back({f->getType(), p});
  }
}

/// The leaves of field `fd` within its class: [first, first + count).
static std::pair<unsigned, unsigned> fieldRange(const Lifter &lf, const cl::FieldDecl *fd) {
  unsigned first = 0;
  for (const cl::FieldDecl *f : fd->getParent()->fields()) {
    unsigned n = 1;
    if (lf.isLiftedStruct(f->getType())) {
      SmallVector<Lifter::StructLeaf> ls;
      lf.structLeaves(f->getType(), ls);
      n = ls.size();
    }
    if (f == fd)
      return {first, n};
    first += n;
  }
  return {first, 0};
}

SmallVector<Value, 4> Lifter::makeStructSlots(cl::QualType t, StringRef name, Location l,
                                              bool wholeScope) {
  SmallVector<StructLeaf> leaves;
  structLeaves(t, leaves);
  SmallVector<Value, 4> out;
  for (const StructLeaf &lf : leaves) {
    Type et = convertType(lf.type, curLoc);
    if (!et)
      return {};
    Value slot = makeAlloca(et, (name + lf.path).str(), l, wholeScope);
    tagCType(slot, lf.type);
    out.push_back(slot);
  }
  return out;
}

void Lifter::storeStruct(ArrayRef<Value> slots, ArrayRef<Value> vals, Location l) {
  for (auto [s, v] : llvm::zip(slots, vals))
    memref::StoreOp::create(b, l, v, s);
}

static SmallVector<Value, 4> loadStruct(OpBuilder &b, ArrayRef<Value> slots, Location l) {
  SmallVector<Value, 4> out;
  for (Value s : slots)
    out.push_back(memref::LoadOp::create(b, l, s));
  return out;
}

FailureOr<SmallVector<Value, 4>> Lifter::emitStructSlots(const cl::Expr *e) {
  e = e->IgnoreParens();
  SmallVector<StructLeaf> leaves;
  structLeaves(e->getType(), leaves);
  if (leaves.empty())
    return SmallVector<Value, 4>{}; // a functor: nothing to evaluate
  if (const auto *c = dyn_cast<cl::ImplicitCastExpr>(e); c && c->getCastKind() == cl::CK_NoOp)
    return emitStructSlots(c->getSubExpr());
  if (const auto *d = dyn_cast<cl::DeclRefExpr>(e)) {
    FailureOr<Binding *> bnd = lookup(d->getDecl(), e);
    if (::mlir::failed(bnd))
      return failure();
    if ((*bnd)->kind != Binding::Struct) {
      (void)cannotLift(e, "this struct variable");
      return failure();
    }
    return (*bnd)->leaves;
  }
  if (const auto *u = dyn_cast<cl::UnaryOperator>(e);
      u && u->getOpcode() == cl::UO_Deref && isa<cl::CXXThisExpr>(u->getSubExpr()->IgnoreParens()))
    return frames.back().structCall.thisLeaves;
  if (const auto *me = dyn_cast<cl::MemberExpr>(e)) {
    const auto *fd = dyn_cast<cl::FieldDecl>(me->getMemberDecl());
    if (!fd) {
      (void)cannotLift(e, "this member");
      return failure();
    }
    SmallVector<Value, 4> base;
    if (me->isArrow()) {
      if (!isa<cl::CXXThisExpr>(me->getBase()->IgnoreParens())) {
        (void)cannotLift(e, "a struct member through a pointer");
        return failure();
      }
      base = frames.back().structCall.thisLeaves;
    } else {
      FailureOr<SmallVector<Value, 4>> bs = emitStructSlots(me->getBase());
      if (::mlir::failed(bs))
        return failure();
      base = *bs;
    }
    auto [first, n] = fieldRange(*this, fd);
    if (first + n > base.size()) {
      (void)cannotLift(e, "this struct member");
      return failure();
    }
    return SmallVector<Value, 4>(base.begin() + first, base.begin() + first + n);
  }
  if (e->isGLValue() && !isa<cl::MaterializeTemporaryExpr>(e)) {
    (void)cannotLift(e, "this struct lvalue");
    return failure();
  }
  // A temporary: its value in slots of its own.
  FailureOr<SmallVector<Value, 4>> v = emitStructValue(e);
  if (::mlir::failed(v))
    return failure();
  SmallVector<Value, 4> slots = makeStructSlots(e->getType(), "__tmp", loc(e));
  if (slots.size() != v->size())
    return failure();
  storeStruct(slots, *v, loc(e));
  return slots;
}

FailureOr<SmallVector<Value, 4>> Lifter::emitStructValue(const cl::Expr *e) {
  e = e->IgnoreParens();
  Location l = loc(e);
  SmallVector<StructLeaf> leaves;
  structLeaves(e->getType(), leaves);
  if (leaves.empty())
    return SmallVector<Value, 4>{};
  auto zeros = [&]() -> FailureOr<SmallVector<Value, 4>> {
    SmallVector<Value, 4> out;
    for (const StructLeaf &lf : leaves) {
      Type t = convertType(lf.type, e->getExprLoc());
      if (!t)
        return failure();
      out.push_back(zeroOf(t, l));
    }
    return out;
  };
  if (const auto *c = dyn_cast<cl::ExprWithCleanups>(e))
    return emitStructValue(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::MaterializeTemporaryExpr>(e))
    return emitStructValue(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::CXXBindTemporaryExpr>(e))
    return emitStructValue(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::CXXDefaultArgExpr>(e))
    return emitStructValue(c->getExpr());
  if (const auto *c = dyn_cast<cl::CXXDefaultInitExpr>(e))
    return emitStructValue(c->getExpr());
  if (const auto *c = dyn_cast<cl::CastExpr>(e)) {
    cl::CastKind k = c->getCastKind();
    if (k == cl::CK_NoOp || k == cl::CK_LValueToRValue || k == cl::CK_ConstructorConversion)
      return emitStructValue(c->getSubExpr());
    (void)cannotLift(e, "this conversion of a struct");
    return failure();
  }
  if (isa<cl::ImplicitValueInitExpr, cl::CXXScalarValueInitExpr>(e))
    return zeros();
  if (const auto *il = dyn_cast<cl::InitListExpr>(e)) {
    if (il->getNumInits() == 1 &&
        il->getInit(0)->getType().getCanonicalType().getUnqualifiedType() ==
            e->getType().getCanonicalType().getUnqualifiedType())
      return emitStructValue(il->getInit(0));
    SmallVector<Value, 4> out;
    const cl::RecordDecl *rd = e->getType()->getAsRecordDecl()->getDefinition();
    unsigned i = 0;
    for (const cl::FieldDecl *f : rd->fields()) {
      const cl::Expr *ie = i < il->getNumInits() ? il->getInit(i) : nullptr;
      ++i;
      if (isLiftedStruct(f->getType())) {
        FailureOr<SmallVector<Value, 4>> sub =
            ie ? emitStructValue(ie) : FailureOr<SmallVector<Value, 4>>(failure());
        if (!ie) {
          SmallVector<StructLeaf> fl;
          structLeaves(f->getType(), fl);
          for (const StructLeaf &x : fl)
            if (Type t = convertType(x.type, e->getExprLoc()))
              out.push_back(zeroOf(t, l));
          continue;
        }
        if (::mlir::failed(sub))
          return failure();
        out.append(sub->begin(), sub->end());
        continue;
      }
      Type t = convertType(f->getType(), e->getExprLoc());
      if (!t)
        return failure();
      Value v = ie ? convert(emitRValue(ie), ie->getType(), f->getType(), l) : zeroOf(t, l);
      if (!v)
        return failure();
      out.push_back(v);
    }
    return out;
  }
  if (const auto *ce = dyn_cast<cl::CXXConstructExpr>(e)) {
    const cl::CXXConstructorDecl *ctor = ce->getConstructor();
    if (ctor->isCopyOrMoveConstructor() && ctor->isTrivial() && ce->getNumArgs() == 1)
      return emitStructValue(ce->getArg(0));
    if (ce->getNumArgs() == 0 && ctor->isTrivial())
      return zeros();
    // A constructor of the kernel's: its initializers and body on slots.
    SmallVector<Value, 4> slots = makeStructSlots(e->getType(), "__tmp", l);
    if (::mlir::failed(constructInto(ce, slots)))
      return failure();
    return loadStruct(b, slots, l);
  }
  if (const auto *call = dyn_cast<cl::CallExpr>(e)) {
    StructCall sc;
    sc.structReturn = true;
    sc.retLeaves = makeStructSlots(e->getType(), "__retval", l);
    if (std::optional<Value> r = emitStructMethodCall(call, sc)) {
      if (!*r)
        return failure();
      return loadStruct(b, sc.retLeaves, l);
    }
    const cl::FunctionDecl *fd = call->getDirectCallee();
    const cl::FunctionDecl *def = fd ? fd->getDefinition() : nullptr;
    if (!def || !def->hasBody() || ast.getSourceManager().isInSystemHeader(def->getLocation())) {
      (void)cannotLift(e, "this call returning a struct");
      return failure();
    }
    SmallVector<const cl::Expr *> args(call->arguments());
    if (!inlineCall(def, args, e, nullptr, &sc))
      return failure();
    return loadStruct(b, sc.retLeaves, l);
  }
  if (const auto *co = dyn_cast<cl::ConditionalOperator>(e)) {
    Value c = emitCond(co->getCond());
    if (!c)
      return failure();
    if (isSpeculatable(co->getTrueExpr()) && isSpeculatable(co->getFalseExpr())) {
      FailureOr<SmallVector<Value, 4>> t = emitStructValue(co->getTrueExpr());
      if (::mlir::failed(t))
        return failure();
      FailureOr<SmallVector<Value, 4>> f = emitStructValue(co->getFalseExpr());
      if (::mlir::failed(f))
        return failure();
      SmallVector<Value, 4> out;
      for (auto [x, y] : llvm::zip(*t, *f))
        out.push_back(arith::SelectOp::create(b, l, c, x, y));
      return out;
    }
    SmallVector<Type> types;
    for (const StructLeaf &lf : leaves)
      types.push_back(convertType(lf.type, e->getExprLoc()));
    auto ifOp = scf::IfOp::create(b, l, types, c, true);
    OpBuilder::InsertionGuard g(b);
    for (auto [blk, arm] : {std::make_pair(ifOp.thenBlock(), co->getTrueExpr()),
                            std::make_pair(ifOp.elseBlock(), co->getFalseExpr())}) {
      b.setInsertionPointToStart(blk);
      FailureOr<SmallVector<Value, 4>> v = emitStructValue(arm);
      if (::mlir::failed(v))
        return failure();
      scf::YieldOp::create(b, l, *v);
    }
    return SmallVector<Value, 4>(ifOp.getResults().begin(), ifOp.getResults().end());
  }
  if (e->isGLValue() || isa<cl::DeclRefExpr, cl::MemberExpr>(e)) {
    FailureOr<SmallVector<Value, 4>> slots = emitStructSlots(e);
    if (::mlir::failed(slots))
      return failure();
    return loadStruct(b, *slots, l);
  }
  (void)cannotLift(e, Twine("a struct value of kind ") + e->getStmtClassName());
  return failure();
}

LogicalResult Lifter::constructInto(const cl::CXXConstructExpr *ce, ArrayRef<Value> slots) {
  Location l = loc(ce);
  const cl::CXXConstructorDecl *ctor = ce->getConstructor();
  const cl::FunctionDecl *def = ctor->getDefinition();
  if (!def || !def->hasBody())
    return cannotLift(ce, "this constructor");
  StructCall sc;
  sc.thisRecord = ctor->getParent();
  sc.thisLeaves.assign(slots.begin(), slots.end());
  // Members no initializer names: zero (C++ leaves them indeterminate).
  SmallVector<StructLeaf> leaves;
  structLeaves(ce->getType(), leaves);
  for (auto [slot, lf] : llvm::zip(slots, leaves))
    if (Type t = convertType(lf.type, ce->getExprLoc()))
      memref::StoreOp::create(b, l, zeroOf(t, l), slot);
  SmallVector<const cl::Expr *> args(ce->arguments());
  if (!inlineCall(def, args, ce, nullptr, &sc))
    return failure();
  return success();
}

std::optional<FailureOr<LValue>> Lifter::emitStructMember(const cl::MemberExpr *me) {
  const cl::Expr *base = me->getBase();
  cl::QualType bt = me->isArrow() ? base->getType()->getPointeeType() : base->getType();
  const auto *fd = dyn_cast<cl::FieldDecl>(me->getMemberDecl());
  if (!fd || bt.isNull() || !isLiftedStruct(bt))
    return std::nullopt;
  if (me->isArrow() && !isa<cl::CXXThisExpr>(base->IgnoreParens()))
    return std::nullopt;
  auto [first, n] = fieldRange(*this, fd);
  Type vt = n == 1 ? convertType(fd->getType(), me->getExprLoc()) : Type();
  if (!vt) {
    if (!failed)
      (void)cannotLift(me, "a struct-valued member here");
    return FailureOr<LValue>(failure());
  }
  LValue lv;
  lv.valueType = vt;
  {
    const cl::SourceManager &sm = ast.getSourceManager();
    cl::CharSourceRange r = cl::CharSourceRange::getTokenRange(me->getSourceRange());
    if (!me->getBeginLoc().isMacroID() && !me->getEndLoc().isMacroID())
      lv.spelling = cl::Lexer::getSourceText(r, sm, ast.getLangOpts()).str();
  }
  if (me->isArrow() || base->isGLValue()) {
    FailureOr<SmallVector<Value, 4>> slots =
        me->isArrow() ? FailureOr<SmallVector<Value, 4>>(frames.back().structCall.thisLeaves)
                      : emitStructSlots(base);
    if (::mlir::failed(slots))
      return FailureOr<LValue>(failure());
    if (first >= slots->size()) {
      (void)cannotLift(me, "this struct member");
      return FailureOr<LValue>(failure());
    }
    lv.memref = (*slots)[first];
    return FailureOr<LValue>(lv);
  }
  FailureOr<SmallVector<Value, 4>> vals = emitStructValue(base);
  if (::mlir::failed(vals) || first >= vals->size())
    return FailureOr<LValue>(failure());
  lv.direct = (*vals)[first];
  return FailureOr<LValue>(lv);
}

std::optional<Value> Lifter::emitStructMethodCall(const cl::CallExpr *e, StructCall sc) {
  const auto *md = dyn_cast_or_null<cl::CXXMethodDecl>(e->getDirectCallee());
  if (!md || md->isStatic())
    return std::nullopt;
  const cl::Expr *obj = nullptr;
  SmallVector<const cl::Expr *> args;
  if (const auto *oc = dyn_cast<cl::CXXOperatorCallExpr>(e)) {
    if (oc->getNumArgs() == 0)
      return std::nullopt;
    obj = oc->getArg(0);
    for (unsigned i = 1; i < oc->getNumArgs(); ++i)
      args.push_back(oc->getArg(i));
  } else if (const auto *mc = dyn_cast<cl::CXXMemberCallExpr>(e)) {
    obj = mc->getImplicitObjectArgument();
    args.append(mc->arg_begin(), mc->arg_end());
  } else {
    return std::nullopt;
  }
  cl::QualType ot = obj->getType();
  bool viaThis = isa<cl::CXXThisExpr>(obj->IgnoreParens());
  if (viaThis)
    ot = ot->getPointeeType();
  if (!isLiftedStruct(ot))
    return std::nullopt;
  // The trivial copy/move assignment: field by field.
  if (md->isTrivial() && (md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator()) &&
      args.size() == 1) {
    FailureOr<SmallVector<Value, 4>> v = emitStructValue(args[0]);
    FailureOr<SmallVector<Value, 4>> slots =
        ::mlir::succeeded(v) ? emitStructSlots(obj) : FailureOr<SmallVector<Value, 4>>(failure());
    if (::mlir::failed(slots) || slots->size() != v->size())
      return Value();
    storeStruct(*slots, *v, loc(e));
    return voidValue;
  }
  const cl::FunctionDecl *def = md->getDefinition();
  bool isDevice = md->hasAttr<cl::CUDADeviceAttr>() || md->isConstexpr() ||
                  md->getParent()->isLambda() || (def && def->hasAttr<cl::CUDADeviceAttr>());
  if (!def || !def->hasBody() || !isDevice) {
    (void)cannotLift(e, "a call to '" + md->getQualifiedNameAsString() + "'");
    return Value();
  }
  sc.thisRecord = md->getParent();
  if (viaThis) {
    sc.thisLeaves = frames.back().structCall.thisLeaves;
  } else {
    FailureOr<SmallVector<Value, 4>> slots = emitStructSlots(obj);
    if (::mlir::failed(slots))
      return Value();
    sc.thisLeaves = *slots;
  }
  return inlineCall(def, args, e, nullptr, &sc);
}

LogicalResult Lifter::declareStructVar(const cl::VarDecl *vd) {
  Location l = loc(vd);
  cl::QualType t = vd->getType();
  const cl::Expr *init = vd->getInit();
  Binding bnd;
  bnd.kind = Binding::Struct;
  if (t->isReferenceType()) {
    if (!init)
      return error(vd->getLocation(), "kfix cannot lift this reference");
    FailureOr<SmallVector<Value, 4>> slots = emitStructSlots(init);
    if (::mlir::failed(slots))
      return failure();
    bnd.leaves = *slots;
    frames.back().vars[vd] = bnd;
    return success();
  }
  bnd.leaves = makeStructSlots(t, vd->getName(), l);
  if (failed)
    return failure();
  if (init) {
    const auto *ce = dyn_cast<cl::CXXConstructExpr>(init->IgnoreImplicit());
    if (ce && !ce->getConstructor()->isTrivial() &&
        !ce->getConstructor()->isCopyOrMoveConstructor()) {
      // `Welford w;`, `Acc a(x, 1)`: the constructor runs on the variable.
      if (::mlir::failed(constructInto(ce, bnd.leaves)))
        return failure();
    } else if (!(ce && ce->getNumArgs() == 0 && ce->getConstructor()->isTrivial())) {
      FailureOr<SmallVector<Value, 4>> v = emitStructValue(init);
      if (::mlir::failed(v) || v->size() != bnd.leaves.size())
        return failure();
      storeStruct(bnd.leaves, *v, l);
    }
  }
  frames.back().vars[vd] = bnd;
  return success();
}

LogicalResult Lifter::emitCtorInits(const cl::CXXConstructorDecl *ctor) {
  ArrayRef<Value> self = frames.back().structCall.thisLeaves;
  for (const cl::CXXCtorInitializer *ci : ctor->inits()) {
    const cl::FieldDecl *fd = ci->getMember();
    const cl::Expr *init = ci->getInit();
    if (!fd || !init)
      return error(ctor->getLocation(), "kfix cannot lift this constructor's initializer");
    if (const auto *d = dyn_cast<cl::CXXDefaultInitExpr>(init))
      init = d->getExpr();
    auto [first, n] = fieldRange(*this, fd);
    if (first + n > self.size())
      return error(ci->getSourceLocation(), "kfix cannot lift this member initializer");
    Location l = loc(init);
    if (isLiftedStruct(fd->getType())) {
      FailureOr<SmallVector<Value, 4>> v = emitStructValue(init);
      if (::mlir::failed(v))
        return failure();
      storeStruct(self.slice(first, n), *v, l);
      continue;
    }
    if (isa<cl::ImplicitValueInitExpr>(init) ||
        (isa<cl::CXXConstructExpr>(init) && cast<cl::CXXConstructExpr>(init)->getNumArgs() == 0))
      continue;
    Value v = convert(emitRValue(init), init->getType(), fd->getType(), l);
    if (!v)
      return failure();
    memref::StoreOp::create(b, l, v, self[first]);
  }
  return success();
}
