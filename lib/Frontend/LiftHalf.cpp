//===- LiftHalf.cpp - cuda_fp16.h / cuda_bf16.h by name -------------------===//
//
// The f16/bf16 intrinsics and the overloaded operators on __half,
// __nv_bfloat16, __half2 and __nv_bfloat162. CUDA 13 implements them with
// inline PTX, which kfix never lifts: they are matched by name and lifted to
// arith/math on f16, bf16 and vector<2xf16|bf16>.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

namespace {
enum class HK {
  None, Convert, ConvertRound, Splat, Pair, Lane0, Lane1, Add, Sub, Mul, Div,
  Neg, Abs, Fma, Max, Min, MaxNaN, MinNaN, Eq, Ne, Lt, Le, Gt, Ge, Exp, Exp2,
  Log, Log2, Sqrt, Rsqrt, Rcp, Sin, Cos, Tanh, Floor, Ceil, Trunc, Rint, IsNan,
  Bits
};
} // namespace

static HK halfKind(StringRef n) {
  // Conversions keep their rounding suffix in the name; _rn is the default of
  // arith.truncf, _rz of fptosi.
  if (n.contains("2half") || n.contains("2bfloat16") || n.ends_with("2float") ||
      n == "__float2int_rz" || n == "__half2int_rz" || n == "__float2uint_rz" ||
      n == "__int2float_rn" || n == "__uint2float_rn" || n == "__ll2float_rn" ||
      n == "__float2ll_rz" || n == "__double2float_rn" || n == "__bfloat162int_rz") {
    if (n == "__float2half2_rn" || n == "__half2half2" ||
        n == "__float2bfloat162_rn" || n == "__bfloat162bfloat162")
      return HK::Splat;
    if (n == "__floats2half2_rn" || n == "__floats2bfloat162_rn" ||
        n == "__halves2half2" || n == "__halves2bfloat162")
      return HK::Pair;
    if (n == "__low2half" || n == "__low2float" || n == "__low2bfloat16")
      return HK::Lane0;
    if (n == "__high2half" || n == "__high2float" || n == "__high2bfloat16")
      return HK::Lane1;
    return HK::Convert;
  }
  if (n == "__low2half" || n == "__low2float" || n == "__low2bfloat16")
    return HK::Lane0;
  if (n == "__high2half" || n == "__high2float" || n == "__high2bfloat16")
    return HK::Lane1;
  if (n == "__float2int_rn" || n == "__half2int_rn" || n == "__float2uint_rn")
    return HK::ConvertRound;
  if (n == "__half22float2" || n == "__float22half2_rn" ||
      n == "__bfloat1622float2" || n == "__float22bfloat162_rn")
    return HK::Convert;
  if (n == "__half_as_short" || n == "__half_as_ushort" ||
      n == "__short_as_half" || n == "__ushort_as_half" ||
      n == "__bfloat16_as_ushort" || n == "__ushort_as_bfloat16")
    return HK::Bits;
  if (!n.starts_with("__h") && !n.starts_with("h"))
    return HK::None;
  StringRef base = n;
  if (base.size() > 1 && base.back() == '2' && !base.ends_with("exp2") &&
      !base.ends_with("log2"))
    base = base.drop_back(); // __hadd2 -> __hadd
  else if (base.ends_with("exp22") || base.ends_with("log22"))
    base = base.drop_back();
  if (base.starts_with("h2"))
    base = base.drop_front(2); // h2exp -> exp
  else if (base.starts_with("h"))
    base = base.drop_front(1); // hexp -> exp
  return llvm::StringSwitch<HK>(base)
      .Cases({"__hadd", "__hadd_rn", "__hadd_sat"}, HK::Add)
      .Cases({"__hsub", "__hsub_rn"}, HK::Sub)
      .Cases({"__hmul", "__hmul_rn"}, HK::Mul)
      .Cases({"__hdiv", "__h2div"}, HK::Div)
      .Case("__hneg", HK::Neg).Case("__habs", HK::Abs)
      .Cases({"__hfma", "__hfma_relu"}, HK::Fma)
      .Case("__hmax", HK::Max).Case("__hmin", HK::Min)
      .Case("__hmax_nan", HK::MaxNaN).Case("__hmin_nan", HK::MinNaN)
      .Case("__heq", HK::Eq).Case("__hne", HK::Ne).Case("__hlt", HK::Lt)
      .Case("__hle", HK::Le).Case("__hgt", HK::Gt).Case("__hge", HK::Ge)
      .Case("__hisnan", HK::IsNan)
      .Case("exp", HK::Exp).Case("exp2", HK::Exp2).Case("log", HK::Log)
      .Case("log2", HK::Log2).Case("sqrt", HK::Sqrt).Case("rsqrt", HK::Rsqrt)
      .Case("rcp", HK::Rcp).Case("sin", HK::Sin).Case("cos", HK::Cos)
      .Case("tanh", HK::Tanh).Case("floor", HK::Floor).Case("ceil", HK::Ceil)
      .Case("trunc", HK::Trunc).Case("rint", HK::Rint)
      .Default(HK::None);
}

/// f16/bf16 arithmetic, shared by the named intrinsics and the operators.
static Value halfArith(Lifter &lf, HK k, ArrayRef<Value> a, Location l) {
  OpBuilder &b = lf.b;
  using P = arith::CmpFPredicate;
  auto cmp = [&](P p) -> Value { return arith::CmpFOp::create(b, l, p, a[0], a[1]); };
  switch (k) {
  case HK::Add: return arith::AddFOp::create(b, l, a[0], a[1]);
  case HK::Sub: return arith::SubFOp::create(b, l, a[0], a[1]);
  case HK::Mul: return arith::MulFOp::create(b, l, a[0], a[1]);
  case HK::Div: return arith::DivFOp::create(b, l, a[0], a[1]);
  case HK::Neg: return arith::NegFOp::create(b, l, a[0]);
  case HK::Abs: return math::AbsFOp::create(b, l, a[0]);
  case HK::Fma: return math::FmaOp::create(b, l, a[0], a[1], a[2]);
  case HK::Max: return arith::MaxNumFOp::create(b, l, a[0], a[1]);
  case HK::Min: return arith::MinNumFOp::create(b, l, a[0], a[1]);
  case HK::MaxNaN: return arith::MaximumFOp::create(b, l, a[0], a[1]);
  case HK::MinNaN: return arith::MinimumFOp::create(b, l, a[0], a[1]);
  case HK::Eq: return cmp(P::OEQ);
  case HK::Ne: return cmp(P::ONE);
  case HK::Lt: return cmp(P::OLT);
  case HK::Le: return cmp(P::OLE);
  case HK::Gt: return cmp(P::OGT);
  case HK::Ge: return cmp(P::OGE);
  case HK::IsNan: return arith::CmpFOp::create(b, l, P::UNO, a[0], a[0]);
  case HK::Exp: return math::ExpOp::create(b, l, a[0]);
  case HK::Exp2: return math::Exp2Op::create(b, l, a[0]);
  case HK::Log: return math::LogOp::create(b, l, a[0]);
  case HK::Log2: return math::Log2Op::create(b, l, a[0]);
  case HK::Sqrt: return math::SqrtOp::create(b, l, a[0]);
  case HK::Rsqrt: return math::RsqrtOp::create(b, l, a[0]);
  case HK::Rcp:
    return arith::DivFOp::create(b, l, lf.constFloat(a[0].getType(), 1.0, l), a[0]);
  case HK::Sin: return math::SinOp::create(b, l, a[0]);
  case HK::Cos: return math::CosOp::create(b, l, a[0]);
  case HK::Tanh: return math::TanhOp::create(b, l, a[0]);
  case HK::Floor: return math::FloorOp::create(b, l, a[0]);
  case HK::Ceil: return math::CeilOp::create(b, l, a[0]);
  case HK::Trunc: return math::TruncOp::create(b, l, a[0]);
  case HK::Rint: return math::RoundEvenOp::create(b, l, a[0]);
  default: return {};
  }
}

static unsigned arity(HK k) {
  switch (k) {
  case HK::Add: case HK::Sub: case HK::Mul: case HK::Div: case HK::Max:
  case HK::Min: case HK::MaxNaN: case HK::MinNaN: case HK::Eq: case HK::Ne:
  case HK::Lt: case HK::Le: case HK::Gt: case HK::Ge: case HK::Pair:
    return 2;
  case HK::Fma:
    return 3;
  default:
    return 1;
  }
}

std::optional<Value> Lifter::emitHalfBuiltin(const cl::CallExpr *e,
                                             StringRef name) {
  HK k = halfKind(name);
  if (k == HK::None)
    return std::nullopt;
  Location l = loc(e);
  if (e->getNumArgs() != arity(k)) {
    (void)cannotLift(e, "this call to '" + name + "'");
    return Value();
  }
  SmallVector<Value> a = emitArgs(e);
  if (a.size() != e->getNumArgs())
    return Value();
  Type rt = convertType(e->getType(), e->getExprLoc());
  if (!rt)
    return Value();
  bool srcU = isUnsignedInt(e->getArg(0)->getType());
  bool dstU = isUnsignedInt(e->getType());
  switch (k) {
  case HK::Convert:
  case HK::ConvertRound: {
    Value x = a[0];
    if (k == HK::ConvertRound)
      x = math::RoundEvenOp::create(b, l, x);
    Value r = convertScalar(x, rt, srcU, dstU, l);
    if (!r)
      (void)cannotLift(e, "the conversion '" + name + "'");
    return r;
  }
  case HK::Bits:
    return (Value)arith::BitcastOp::create(b, l, rt, a[0]);
  case HK::Splat:
  case HK::Pair: {
    auto vt = dyn_cast<VectorType>(rt);
    if (!vt)
      break;
    SmallVector<Value> elems;
    for (unsigned i = 0; i < 2; ++i) {
      Value x = a[k == HK::Splat ? 0 : i];
      elems.push_back(convertScalar(x, vt.getElementType(), false, false, l));
    }
    return (Value)vector::FromElementsOp::create(b, l, vt, elems);
  }
  case HK::Lane0:
  case HK::Lane1: {
    Value x = vector::ExtractOp::create(b, l, a[0],
                                        ArrayRef<int64_t>{k == HK::Lane1});
    return convertScalar(x, rt, false, false, l);
  }
  default:
    break;
  }
  Value r = halfArith(*this, k, a, l);
  if (!r) {
    (void)cannotLift(e, "the call to '" + name + "'");
    return Value();
  }
  if (r.getType() != rt) // comparisons return bool/int
    r = convertScalar(r, rt, true, dstU, l);
  return r;
}

std::optional<Value> Lifter::emitHalfOperator(const cl::CXXOperatorCallExpr *e) {
  auto halfish = [&](cl::QualType t) {
    t = t.getNonReferenceType();
    if (isHalf(t) || isBF16(t))
      return true;
    auto vi = vectorInfo(t);
    return vi && (isHalf(vi->second) || isBF16(vi->second));
  };
  bool any = false;
  for (const cl::Expr *a : e->arguments()) {
    if (halfish(a->getType()))
      any = true;
    else if (!a->getType()->isArithmeticType())
      return std::nullopt;
  }
  if (!any)
    return std::nullopt;
  const cl::FunctionDecl *fd = e->getDirectCallee();
  if (fd && fd->hasBody() &&
      !ast.getSourceManager().isInSystemHeader(fd->getLocation()))
    return std::nullopt; // user-defined: inlined
  Location l = loc(e);
  cl::OverloadedOperatorKind op = e->getOperator();
  HK k = HK::None;
  bool compound = false;
  switch (op) {
  case cl::OO_Plus: k = e->getNumArgs() == 1 ? HK::None : HK::Add; break;
  case cl::OO_Minus: k = e->getNumArgs() == 1 ? HK::Neg : HK::Sub; break;
  case cl::OO_Star: k = HK::Mul; break;
  case cl::OO_Slash: k = HK::Div; break;
  case cl::OO_PlusEqual: k = HK::Add; compound = true; break;
  case cl::OO_MinusEqual: k = HK::Sub; compound = true; break;
  case cl::OO_StarEqual: k = HK::Mul; compound = true; break;
  case cl::OO_SlashEqual: k = HK::Div; compound = true; break;
  case cl::OO_EqualEqual: k = HK::Eq; break;
  case cl::OO_ExclaimEqual: k = HK::Ne; break;
  case cl::OO_Less: k = HK::Lt; break;
  case cl::OO_LessEqual: k = HK::Le; break;
  case cl::OO_Greater: k = HK::Gt; break;
  case cl::OO_GreaterEqual: k = HK::Ge; break;
  case cl::OO_Equal: {
    FailureOr<LValue> lv = emitLValue(e->getArg(0));
    Value v = ::mlir::succeeded(lv) ? emitRValue(e->getArg(1)) : Value();
    if (!v || ::mlir::failed(store(*lv, v, l)))
      return Value();
    return v;
  }
  default:
    (void)cannotLift(e, "this operator on half-precision values");
    return Value();
  }
  if (op == cl::OO_Plus && e->getNumArgs() == 1)
    return emitRValue(e->getArg(0));
  if (compound) {
    FailureOr<LValue> lv = emitLValue(e->getArg(0));
    if (::mlir::failed(lv))
      return Value();
    Value cur = load(*lv, l);
    Value rhs = cur ? emitRValue(e->getArg(1)) : Value();
    if (!rhs)
      return Value();
    rhs = convertScalar(rhs, cur.getType(), isUnsignedInt(e->getArg(1)->getType()),
                        false, l);
    Value r = halfArith(*this, k, {cur, rhs}, l);
    if (!r || ::mlir::failed(store(*lv, r, l)))
      return Value();
    return r;
  }
  SmallVector<Value> a = emitArgs(e);
  if (a.size() != e->getNumArgs())
    return Value();
  // Mixed operands (`h * 2.0f` through an overload taking two halves) are
  // already converted by Clang; make the types agree anyway.
  for (Value &v : a)
    if (v.getType() != a[0].getType())
      v = convertScalar(v, a[0].getType(), false, false, l);
  Value r = halfArith(*this, k, a, l);
  if (!r) {
    (void)cannotLift(e, "this operator on half-precision values");
    return Value();
  }
  Type rt = convertType(e->getType(), e->getExprLoc());
  if (rt && r.getType() != rt)
    r = convertScalar(r, rt, true, false, l);
  return r;
}
