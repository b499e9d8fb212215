//===- LiftTypes.cpp - C++ types and conversions -> MLIR ------------------===//
//
// The type table of docs/ir-conventions.md and the C++ arithmetic
// conversions (integral, floating, boolean) as arith casts.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

static StringRef recordName(cl::QualType t) {
  if (const auto *rd = t->getAsRecordDecl())
    if (rd->getIdentifier())
      return rd->getName();
  return "";
}

bool Lifter::isHalf(cl::QualType t) const {
  t = t.getCanonicalType();
  if (t->isHalfType() || t->isFloat16Type())
    return true;
  return recordName(t) == "__half";
}

bool Lifter::isBF16(cl::QualType t) const {
  t = t.getCanonicalType();
  if (t->isBFloat16Type())
    return true;
  return recordName(t) == "__nv_bfloat16";
}

std::optional<std::pair<unsigned, cl::QualType>> Lifter::vectorInfo(cl::QualType t) const {
  t = t.getCanonicalType();
  const auto *rd = t->getAsRecordDecl();
  if (!rd || isHalf(t) || isBF16(t))
    return std::nullopt;
  rd = rd->getDefinition();
  if (!rd)
    return std::nullopt;
  static const char *names[] = {"x", "y", "z", "w"};
  unsigned n = 0;
  cl::QualType elem;
  for (const cl::FieldDecl *f : rd->fields()) {
    if (n >= 4 || f->getName() != names[n])
      return std::nullopt;
    cl::QualType ft = f->getType().getCanonicalType().getUnqualifiedType();
    if (!ft->isArithmeticType() && !isHalf(ft) && !isBF16(ft))
      return std::nullopt;
    if (n && ft != elem)
      return std::nullopt;
    elem = ft;
    ++n;
  }
  if (n < 1)
    return std::nullopt;
  return std::make_pair(n, elem);
}

bool Lifter::isUnsignedInt(cl::QualType t) const {
  t = t.getCanonicalType();
  return t->isUnsignedIntegerOrEnumerationType() && !t->isBooleanType();
}

Type Lifter::convertType(cl::QualType t, cl::SourceLocation where) {
  MLIRContext *ctx = b.getContext();
  cl::QualType c = t.getCanonicalType();
  if (c->isReferenceType())
    return convertType(c->getPointeeType(), where);
  if (isHalf(c))
    return Float16Type::get(ctx);
  if (isBF16(c))
    return BFloat16Type::get(ctx);
  if (const auto *et = c->getAs<cl::EnumType>())
    return convertType(et->getDecl()->getIntegerType(), where);
  if (const auto *bt = c->getAs<cl::BuiltinType>()) {
    switch (bt->getKind()) {
    case cl::BuiltinType::Bool:
      return IntegerType::get(ctx, 1);
    case cl::BuiltinType::Float:
      return Float32Type::get(ctx);
    case cl::BuiltinType::Double:
      return Float64Type::get(ctx);
    case cl::BuiltinType::BFloat16:
      return BFloat16Type::get(ctx);
    default:
      break;
    }
    if (bt->isInteger())
      return IntegerType::get(ctx, ast.getTypeSize(c));
  }
  if (auto vi = vectorInfo(c)) {
    Type elem = convertType(vi->second, where);
    if (!elem)
      return {};
    return VectorType::get({(int64_t)vi->first}, elem);
  }
  std::string name = t.getAsString(ast.getPrintingPolicy());
  (void)error(where, "kfix cannot lift a value of type '" + name + "'");
  return {};
}

Type Lifter::memoryType(cl::QualType t, cl::SourceLocation where) {
  if (t.getCanonicalType()->isBooleanType())
    return IntegerType::get(b.getContext(), 8);
  return convertType(t, where);
}

Value Lifter::constInt(Type t, int64_t v, Location l) {
  if (t.isIndex())
    return arith::ConstantIndexOp::create(b, l, v);
  return arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, v));
}

Value Lifter::constFloat(Type t, double v, Location l) {
  return arith::ConstantOp::create(b, l, t, b.getFloatAttr(t, v));
}

Value Lifter::constBool(bool v, Location l) {
  return arith::ConstantOp::create(b, l, b.getI1Type(), b.getBoolAttr(v));
}

Value Lifter::zeroOf(Type t, Location l) {
  if (auto vt = dyn_cast<VectorType>(t))
    return arith::ConstantOp::create(
        b, l, vt, DenseElementsAttr::get(vt, b.getZeroAttr(vt.getElementType())));
  if (isa<FloatType>(t))
    return constFloat(t, 0.0, l);
  return constInt(t, 0, l);
}

Value Lifter::convertScalar(Value v, Type to, bool srcU, bool dstU, Location l) {
  Type from = v.getType();
  if (from == to)
    return v;
  auto fi = dyn_cast<IntegerType>(from);
  auto ti = dyn_cast<IntegerType>(to);
  auto ff = dyn_cast<FloatType>(from);
  auto tf = dyn_cast<FloatType>(to);
  if (ti && ti.getWidth() == 1) {
    if (ff)
      return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, v, zeroOf(from, l));
    if (fi)
      return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, v, zeroOf(from, l));
  }
  if (fi && fi.getWidth() == 1)
    srcU = true;
  if (fi && ti) {
    if (fi.getWidth() < ti.getWidth())
      return srcU ? (Value)arith::ExtUIOp::create(b, l, to, v)
                  : (Value)arith::ExtSIOp::create(b, l, to, v);
    return arith::TruncIOp::create(b, l, to, v);
  }
  if (fi && tf)
    return srcU ? (Value)arith::UIToFPOp::create(b, l, to, v)
                : (Value)arith::SIToFPOp::create(b, l, to, v);
  if (ff && ti)
    return dstU ? (Value)arith::FPToUIOp::create(b, l, to, v)
                : (Value)arith::FPToSIOp::create(b, l, to, v);
  if (ff && tf) {
    if (ff.getWidth() == tf.getWidth()) { // f16 <-> bf16 through f32
      Value wide = arith::ExtFOp::create(b, l, b.getF32Type(), v);
      return arith::TruncFOp::create(b, l, to, wide);
    }
    if (ff.getWidth() < tf.getWidth())
      return arith::ExtFOp::create(b, l, to, v);
    return arith::TruncFOp::create(b, l, to, v);
  }
  auto fv = dyn_cast<VectorType>(from);
  auto tv = dyn_cast<VectorType>(to);
  if (fv && tv && fv.getShape() == tv.getShape()) {
    Type fe = fv.getElementType(), te = tv.getElementType();
    if (isa<FloatType>(fe) && isa<FloatType>(te)) {
      if (cast<FloatType>(fe).getWidth() < cast<FloatType>(te).getWidth())
        return arith::ExtFOp::create(b, l, to, v);
      return arith::TruncFOp::create(b, l, to, v);
    }
  }
  return {};
}

Value Lifter::convert(Value v, cl::QualType from, cl::QualType to, Location l) {
  if (!v)
    return {};
  if (to->isVoidType())
    return v;
  Type t = convertType(to, {});
  if (!t)
    return {};
  Value r = convertScalar(v, t, isUnsignedInt(from), isUnsignedInt(to), l);
  if (!r)
    (void)error({}, "kfix cannot lift the conversion from '" + from.getAsString() + "' to '" +
                        to.getAsString() + "'");
  return r;
}

Value Lifter::toBool(Value v, cl::QualType from, Location l) {
  if (!v)
    return {};
  if (v.getType().isInteger(1))
    return v;
  return convertScalar(v, b.getI1Type(), isUnsignedInt(from), false, l);
}

Value Lifter::toIndex(Index i, Location l) {
  if (!i.v)
    return arith::ConstantIndexOp::create(b, l, 0);
  if (i.v.getType().isIndex())
    return i.v;
  if (i.isUnsigned || i.v.getType().isInteger(1))
    return arith::IndexCastUIOp::create(b, l, b.getIndexType(), i.v);
  return arith::IndexCastOp::create(b, l, b.getIndexType(), i.v);
}
