//===- LiftAccessors.cpp - PyTorch tensor accessors ------------------------===//
//
// `at::GenericPackedTensorAccessor<T, N, PtrTraits, index_t>` (also spelled
// `PackedTensorAccessor32/64`, `PackedTensorAccessor`, in `at::` or `torch::`)
// and `at::TensorAccessor`, as declared by the stub of
// Headers/torch_accessors.h. A kernel parameter of such a type is a
// `memref<?x...x?xT>` of rank N (dense, row-major: the task buffer of that
// shape). An accessor expression is an LValue with fewer indices than the
// rank: `x[i]` appends an index, and at full rank the LValue is an element
// (read with memref.load, written with memref.store). `a.size(d)` is the
// memref.dim of dimension (leading indices + d), `a.stride(d)` the product of
// the dimensions after it, both converted to index_t.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "clang/AST/DeclTemplate.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

std::optional<AccessorInfo> Lifter::accessorInfo(cl::QualType t) const {
  if (t.isNull())
    return std::nullopt;
  t = t.getNonReferenceType().getCanonicalType();
  const auto *spec = dyn_cast_or_null<cl::ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl());
  if (!spec || !spec->getIdentifier())
    return std::nullopt;
  StringRef name = spec->getName();
  if (name != "GenericPackedTensorAccessor" && name != "TensorAccessor" &&
      name != "PackedTensorAccessor")
    return std::nullopt;
  const auto *ns = dyn_cast<cl::NamespaceDecl>(spec->getDeclContext());
  if (!ns || !ns->getIdentifier() || (ns->getName() != "at" && ns->getName() != "torch") ||
      !ns->getParent()->isTranslationUnit())
    return std::nullopt;
  const cl::TemplateArgumentList &args = spec->getTemplateArgs();
  if (args.size() < 2 || args[0].getKind() != cl::TemplateArgument::Type ||
      args[1].getKind() != cl::TemplateArgument::Integral)
    return std::nullopt;
  AccessorInfo info;
  info.elem = args[0].getAsType();
  info.rank = args[1].getAsIntegral().getZExtValue();
  if (args.size() >= 4 && args[3].getKind() == cl::TemplateArgument::Type)
    info.index = args[3].getAsType();
  else
    info.index = ast.LongLongTy;
  return info;
}

bool Lifter::isAccessorSubscript(const cl::Expr *e) const {
  const auto *op = dyn_cast<cl::CXXOperatorCallExpr>(e);
  return op && op->getOperator() == cl::OO_Subscript && op->getNumArgs() == 2 &&
         accessorInfo(op->getArg(0)->getType()).has_value();
}

Type Lifter::accessorMemRefType(cl::QualType t, cl::SourceLocation where) {
  std::optional<AccessorInfo> info = accessorInfo(t);
  if (!info)
    return {};
  if (info->rank < 1 || info->rank > 8) {
    (void)error(where, "kfix cannot lift a tensor accessor of rank " + Twine(info->rank) +
                           " (1 to 8 are supported)");
    return {};
  }
  Type elem = memoryType(info->elem, where);
  if (!elem)
    return {};
  SmallVector<int64_t> shape(info->rank, ShapedType::kDynamic);
  return MemRefType::get(shape, elem);
}

FailureOr<LValue> Lifter::emitAccessor(const cl::Expr *e) {
  if (failed)
    return failure();
  curLoc = e->getExprLoc();
  e = e->IgnoreParens();
  if (const auto *c = dyn_cast<cl::ExprWithCleanups>(e))
    return emitAccessor(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::MaterializeTemporaryExpr>(e))
    return emitAccessor(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::CXXBindTemporaryExpr>(e))
    return emitAccessor(c->getSubExpr());
  if (const auto *c = dyn_cast<cl::ImplicitCastExpr>(e))
    if (c->getCastKind() == cl::CK_NoOp || c->getCastKind() == cl::CK_LValueToRValue)
      return emitAccessor(c->getSubExpr());
  // A copy (`auto row = x[i];` before C++17 elision, a by-value argument).
  if (const auto *c = dyn_cast<cl::CXXConstructExpr>(e))
    if (c->getNumArgs() == 1 && c->getConstructor()->isCopyOrMoveConstructor() &&
        accessorInfo(c->getArg(0)->getType()))
      return emitAccessor(c->getArg(0));
  if (const auto *dre = dyn_cast<cl::DeclRefExpr>(e)) {
    FailureOr<Binding *> bnd = lookup(dre->getDecl(), e);
    if (::mlir::failed(bnd))
      return failure();
    if ((*bnd)->kind != Binding::Array && (*bnd)->kind != Binding::Ref) {
      (void)cannotLift(e, "this tensor accessor variable");
      return failure();
    }
    return (*bnd)->ref;
  }
  if (isAccessorSubscript(e)) {
    const auto *op = cast<cl::CXXOperatorCallExpr>(e);
    FailureOr<LValue> base = emitAccessor(op->getArg(0));
    if (::mlir::failed(base))
      return failure();
    if (base->direct || !base->memref || base->valueType) {
      (void)cannotLift(e, "this tensor accessor subscript");
      return failure();
    }
    const cl::Expr *idx = op->getArg(1);
    Value i = emitRValue(idx);
    if (!i)
      return failure();
    LValue lv = *base;
    lv.indices.push_back(Index{i, isUnsignedInt(idx->getType())});
    auto mt = cast<MemRefType>(lv.memref.getType());
    if ((int64_t)lv.indices.size() > mt.getRank()) {
      (void)cannotLift(e, "a subscript past the tensor accessor's rank");
      return failure();
    }
    if ((int64_t)lv.indices.size() == mt.getRank()) {
      cl::QualType et = e->getType().getNonReferenceType();
      lv.valueType = convertType(et, e->getExprLoc());
      if (!lv.valueType)
        return failure();
    }
    return lv;
  }
  (void)cannotLift(e, "this use of a tensor accessor");
  return failure();
}

std::optional<Value> Lifter::emitAccessorCall(const cl::CXXMemberCallExpr *mc) {
  const cl::Expr *obj = mc->getImplicitObjectArgument();
  if (!obj || !accessorInfo(obj->getType()))
    return std::nullopt;
  Location l = loc(mc);
  const cl::CXXMethodDecl *md = mc->getMethodDecl();
  StringRef name = md && md->getIdentifier() ? md->getName() : "";
  if ((name != "size" && name != "stride") || mc->getNumArgs() != 1) {
    (void)cannotLift(mc, "'" + (name.empty() ? "this member" : name) +
                             "' on a tensor accessor (size(d) and stride(d) are supported)");
    return Value();
  }
  FailureOr<LValue> lv = emitAccessor(obj);
  if (::mlir::failed(lv))
    return Value();
  auto mt = cast<MemRefType>(lv->memref.getType());
  int64_t lead = lv->indices.size();
  int64_t rank = mt.getRank();
  Type resultType = convertType(mc->getType(), mc->getExprLoc());
  if (!resultType)
    return Value();
  const cl::Expr *dimExpr = mc->getArg(0);
  auto castOut = [&](Value idx) -> Value {
    return arith::IndexCastOp::create(b, l, resultType, idx);
  };
  cl::Expr::EvalResult er;
  if (dimExpr->EvaluateAsInt(er, ast)) {
    int64_t d = er.Val.getInt().getSExtValue();
    if (d < 0 || lead + d >= rank) {
      (void)cannotLift(mc, name + "(" + Twine(d) + ") of a tensor accessor of rank " +
                               Twine(rank - lead));
      return Value();
    }
    if (name == "size")
      return castOut(memref::DimOp::create(b, l, lv->memref, lead + d));
    Value stride = arith::ConstantIndexOp::create(b, l, 1);
    for (int64_t k = lead + d + 1; k < rank; ++k)
      stride = arith::MulIOp::create(b, l, stride, memref::DimOp::create(b, l, lv->memref, k));
    return castOut(stride);
  }
  // A dimension known only at run time.
  Value dv = emitRValue(dimExpr);
  if (!dv)
    return Value();
  Value di = toIndex(Index{dv, isUnsignedInt(dimExpr->getType())}, l);
  Value abs = arith::AddIOp::create(b, l, di, arith::ConstantIndexOp::create(b, l, lead));
  if (name == "size")
    return castOut(memref::DimOp::create(b, l, lv->memref, abs));
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  Value stride = one;
  for (int64_t k = lead; k < rank; ++k) {
    Value kv = arith::ConstantIndexOp::create(b, l, k);
    Value after = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, kv, abs);
    Value dim = memref::DimOp::create(b, l, lv->memref, k);
    stride = arith::MulIOp::create(b, l, stride, arith::SelectOp::create(b, l, after, dim, one));
  }
  return castOut(stride);
}

FailureOr<Ptr> Lifter::emitAccessorData(const cl::CXXMemberCallExpr *mc) {
  const cl::CXXMethodDecl *md = mc->getMethodDecl();
  if (!md || !md->getIdentifier() || md->getName() != "data") {
    (void)cannotLift(mc, "this pointer from a tensor accessor");
    return failure();
  }
  FailureOr<LValue> lv = emitAccessor(mc->getImplicitObjectArgument());
  if (::mlir::failed(lv))
    return failure();
  auto mt = cast<MemRefType>(lv->memref.getType());
  // Only a row has a pointer the IR can express (leading indices + offset).
  if ((int64_t)lv->indices.size() + 1 != mt.getRank()) {
    (void)cannotLift(mc, "data() of a tensor accessor of rank " +
                             Twine(mt.getRank() - lv->indices.size()) +
                             " (a flat pointer into an N-D buffer; rank 1 is supported)");
    return failure();
  }
  Ptr p;
  p.base = lv->memref;
  p.lead = lv->indices;
  return p;
}
