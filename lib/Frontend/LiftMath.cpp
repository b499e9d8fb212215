//===- LiftMath.cpp - the rest of CUDA's device math API -------------------===//
//
// The functions of crt/math_functions.h and crt/device_functions.h that have
// no single math/arith op: lifted as compositions of math/arith ops, so the
// CPU executor (libm), the NVVM lowering (MathFallback or libdevice) and the
// exporter need nothing new. Functions with pointer results (sincosf, frexpf,
// modff, remquof) store through the pointer. docs/math-api.md lists what is
// supported, with the accuracy of the compositions, and what is not.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

namespace {
/// Builds compositions on one float type.
struct M {
  Lifter &lf;
  OpBuilder &b;
  Location l;
  Type t;
  M(Lifter &lf, Location l, Type t) : lf(lf), b(lf.b), l(l), t(t) {}
  Value c(double v) { return lf.constFloat(t, v, l); }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, l, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, l, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, l, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, l, x, y); }
  Value fma(Value x, Value y, Value z) { return math::FmaOp::create(b, l, x, y, z); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, l, p, x, y);
  }
  Value sel(Value c, Value x, Value y) { return arith::SelectOp::create(b, l, c, x, y); }
  Value abs(Value x) { return math::AbsFOp::create(b, l, x); }
  Value sqrt(Value x) { return math::SqrtOp::create(b, l, x); }
  Value exp(Value x) { return math::ExpOp::create(b, l, x); }
  Value log(Value x) { return math::LogOp::create(b, l, x); }
  Value sin(Value x) { return math::SinOp::create(b, l, x); }
  Value cos(Value x) { return math::CosOp::create(b, l, x); }
  Value erf(Value x) { return math::ErfOp::create(b, l, x); }
  Value erfc(Value x) { return math::ErfcOp::create(b, l, x); }
  Value isInf(Value x) { return cmp(arith::CmpFPredicate::OEQ, abs(x), c(INFINITY)); }
  Value poly(Value w, ArrayRef<double> coeffs) { // Horner, highest first
    Value p = c(coeffs[0]);
    for (double k : coeffs.drop_front())
      p = fma(p, w, c(k));
    return p;
  }

  /// erfinv(x) given w = -log((1 - x)(1 + x)): M. Giles' single-precision
  /// approximation, refined by one Newton step on `refineErfc ? erfc : erf`
  /// (target `y`).
  Value erfinv(Value x, Value w, bool refineErfc, Value y) {
    Value small = cmp(arith::CmpFPredicate::OLT, w, c(5.0));
    Value w1 = sub(w, c(2.5));
    Value p1 = poly(w1, {2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
                         0.00021858087, -0.00125372503, -0.00417768164, 0.246640727, 1.50140941});
    Value w2 = sub(sqrt(w), c(3.0));
    Value p2 = poly(w2, {-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
                         0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682});
    Value r = mul(sel(small, p1, p2), x);
    // Newton: r -= (f(r) - y) / f'(r), f' = +-2/sqrt(pi) exp(-r^2).
    Value d = mul(c(2.0 / std::sqrt(M_PI)), exp(arith::NegFOp::create(b, l, mul(r, r))));
    Value f = refineErfc ? erfc(r) : erf(r);
    Value step = div(sub(f, y), refineErfc ? arith::NegFOp::create(b, l, d).getResult() : d);
    Value ok = cmp(arith::CmpFPredicate::OGT, d, c(0.0));
    return sel(ok, sub(r, step), r);
  }

  /// log(Gamma(z)) for z >= 0.5 (Lanczos, g = 7, n = 9), in this type.
  Value lanczosLog(Value z) {
    static const double k[] = {0.99999999999980993,  676.5203681218851,     -1259.1392167224028,
                               771.32342877765313,   -176.61502916214059,   12.507343278686905,
                               -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
    Value zm = sub(z, c(1.0));
    Value a = c(k[0]);
    for (int i = 1; i < 9; ++i)
      a = add(a, div(c(k[i]), add(zm, c(i))));
    Value tt = add(zm, c(7.5));
    Value r = add(c(0.5 * std::log(2 * M_PI)), mul(add(zm, c(0.5)), log(tt)));
    return add(sub(r, tt), log(a));
  }
};

enum class X {
  None,
  Exp10,
  SinPi,
  CosPi,
  Erfc,
  Erfcx,
  NormCdf,
  ErfInv,
  ErfcInv,
  NormCdfInv,
  LGamma,
  TGamma,
  Hypot,
  RHypot,
  Norm3,
  RNorm3,
  Norm4,
  RNorm4,
  Rcbrt,
  Fdim,
  Ldexp,
  Frexp,
  Ilogb,
  Logb,
  Modf,
  Remainder,
  Remquo,
  NextAfter,
  Lrint,
  Lround,
  Nan,
  SignBit,
  SinCos,
  SinCosPi,
  Asinh,
  Acosh,
  Atanh,
  IMax,
  IMin,
  UMax,
  UMin,
  IAbs,
  CvtRd,
  CvtRu,
  CvtRz,
  CvtRn,
  I2F,
  HiInt,
  LoInt,
  HiLo,
  Ffs,
  MulHi,
  UMulHi,
  Sad,
  USad,
  HAdd,
  RHAdd,
  UHAdd,
  URHAdd,
  Brev,
  BytePerm,
  Funnel,
  Directed
};
} // namespace

/// The function a name means; `fast` for the __ intrinsics.
static X extraKind(StringRef n) {
  X k = llvm::StringSwitch<X>(n)
            .Cases({"__sincosf"}, X::SinCos)
            .Cases({"__exp10f"}, X::Exp10)
            .Cases({"llmax"}, X::IMax)
            .Cases({"llmin"}, X::IMin)
            .Cases({"umax", "ullmax"}, X::UMax)
            .Cases({"umin", "ullmin"}, X::UMin)
            .Cases({"labs", "llabs"}, X::IAbs)
            .Cases({"__double2hiint"}, X::HiInt)
            .Cases({"__double2loint"}, X::LoInt)
            .Cases({"__hiloint2double"}, X::HiLo)
            .Cases({"__ffs", "__ffsll"}, X::Ffs)
            .Cases({"__mulhi", "__mul64hi"}, X::MulHi)
            .Cases({"__umulhi", "__umul64hi"}, X::UMulHi)
            .Case("__sad", X::Sad)
            .Case("__usad", X::USad)
            .Case("__rhadd", X::RHAdd)
            .Case("__uhadd", X::UHAdd)
            .Case("__urhadd", X::URHAdd)
            .Cases({"__brev", "__brevll"}, X::Brev)
            .Case("__byte_perm", X::BytePerm)
            .Cases({"__funnelshift_l", "__funnelshift_lc", "__funnelshift_r", "__funnelshift_rc"},
                   X::Funnel)
            .Cases({"__signbit", "__signbitf", "__signbitd", "__signbitl", "signbit"}, X::SignBit)
            .Default(X::None);
  if (k != X::None)
    return k;
  // Conversions with an explicit rounding: __float2int_rd, __double2ull_ru, ...
  if (n.starts_with("__float2") || n.starts_with("__double2")) {
    StringRef to = n.drop_front(n.starts_with("__float2") ? 8 : 9);
    for (StringRef dst : {"int_", "uint_", "ll_", "ull_"})
      if (to.starts_with(dst)) {
        StringRef r = to.drop_front(dst.size());
        return llvm::StringSwitch<X>(r)
            .Case("rd", X::CvtRd)
            .Case("ru", X::CvtRu)
            .Case("rz", X::CvtRz)
            .Case("rn", X::CvtRn)
            .Default(X::None);
      }
    if (n.starts_with("__double2float_"))
      return n == "__double2float_rn" ? X::I2F : X::Directed;
  }
  for (StringRef src : {"__int2", "__uint2", "__ll2", "__ull2"})
    if (n.starts_with(src)) {
      StringRef r = n.drop_front(src.size());
      if (r == "float_rn" || r == "double_rn")
        return X::I2F;
      if (r.starts_with("float_") || r.starts_with("double_"))
        return X::Directed;
    }
  // Arithmetic with a directed rounding has no arith/math form.
  for (StringRef op : {"__fadd_", "__fsub_", "__fmul_", "__fdiv_", "__fmaf_", "__frcp_", "__fsqrt_",
                       "__dadd_", "__dsub_", "__dmul_", "__ddiv_", "__fma_", "__drcp_", "__dsqrt_"})
    if (n.starts_with(op) && !n.ends_with("_rn"))
      return X::Directed;
  StringRef base = n;
  auto lookup = [](StringRef s) {
    return llvm::StringSwitch<X>(s)
        .Case("exp10", X::Exp10)
        .Case("sinpi", X::SinPi)
        .Case("cospi", X::CosPi)
        .Case("erfc", X::Erfc)
        .Case("erfcx", X::Erfcx)
        .Case("normcdf", X::NormCdf)
        .Case("erfinv", X::ErfInv)
        .Case("erfcinv", X::ErfcInv)
        .Case("normcdfinv", X::NormCdfInv)
        .Case("lgamma", X::LGamma)
        .Case("tgamma", X::TGamma)
        .Case("hypot", X::Hypot)
        .Case("rhypot", X::RHypot)
        .Case("norm3d", X::Norm3)
        .Case("rnorm3d", X::RNorm3)
        .Case("norm4d", X::Norm4)
        .Case("rnorm4d", X::RNorm4)
        .Case("rcbrt", X::Rcbrt)
        .Case("fdim", X::Fdim)
        .Cases({"ldexp", "scalbn", "scalbln"}, X::Ldexp)
        .Case("frexp", X::Frexp)
        .Case("ilogb", X::Ilogb)
        .Case("logb", X::Logb)
        .Case("modf", X::Modf)
        .Case("remainder", X::Remainder)
        .Case("remquo", X::Remquo)
        .Case("nextafter", X::NextAfter)
        .Cases({"lrint", "llrint"}, X::Lrint)
        .Cases({"lround", "llround"}, X::Lround)
        .Case("nan", X::Nan)
        .Case("sincos", X::SinCos)
        .Case("sincospi", X::SinCosPi)
        .Case("asinh", X::Asinh)
        .Case("acosh", X::Acosh)
        .Case("atanh", X::Atanh)
        .Default(X::None);
  };
  X r = lookup(base);
  if (r == X::None && base.ends_with("f"))
    r = lookup(base.drop_back());
  return r;
}

/// Names this file lifts that read no memory and write none (for
/// isSpeculatable); those with pointer results are not pure.
bool isPureExtraMathName(StringRef name) {
  X k = extraKind(name);
  return k != X::None && k != X::Directed && k != X::SinCos && k != X::SinCosPi && k != X::Frexp &&
         k != X::Modf && k != X::Remquo;
}

std::optional<Value> Lifter::emitExtraMath(const cl::CallExpr *e, StringRef name) {
  X k = extraKind(name);
  // `int __hadd(int, int)` (device_functions.h) vs `__half __hadd(__half, __half)`.
  if (name == "__hadd" && e->getNumArgs() == 2 && e->getArg(0)->getType()->isIntegerType())
    k = X::HAdd;
  if (k == X::None)
    return std::nullopt;
  Location l = loc(e);
  if (k == X::Directed) {
    (void)cannotLift(e, "'" + name + "' (a directed rounding mode)");
    return Value();
  }
  // Pointer results.
  auto storeTo = [&](const cl::Expr *ptrArg, Value v) -> bool {
    if (!ptrArg->getType()->isPointerType()) {
      (void)cannotLift(e, "this call to '" + name + "'");
      return false;
    }
    // `&local` (the usual spelling) is the local itself; else a pointer.
    const cl::Expr *inner = ptrArg->IgnoreParenImpCasts();
    FailureOr<LValue> lv = failure();
    if (const auto *u = dyn_cast<cl::UnaryOperator>(inner); u && u->getOpcode() == cl::UO_AddrOf) {
      lv = emitLValue(u->getSubExpr());
    } else {
      FailureOr<Ptr> p = emitPointer(ptrArg);
      if (::mlir::failed(p))
        return false;
      lv = deref(*p, ptrArg->getType()->getPointeeType(), e);
    }
    if (::mlir::failed(lv))
      return false;
    v = convertScalar(v, lv->valueType, false, isUnsignedInt(ptrArg->getType()->getPointeeType()),
                      l);
    return ::mlir::succeeded(store(*lv, v, l));
  };
  unsigned nvals = e->getNumArgs();
  switch (k) {
  case X::SinCos:
  case X::SinCosPi:
  case X::Frexp:
  case X::Modf:
    nvals = 1;
    break;
  case X::Remquo:
    nvals = 2;
    break;
  case X::Nan:
    nvals = 0;
    break;
  default:
    break;
  }
  SmallVector<Value> a;
  for (unsigned i = 0; i < nvals && i < e->getNumArgs(); ++i) {
    Value v = emitRValue(e->getArg(i));
    if (!v)
      return Value();
    a.push_back(v);
  }
  unsigned want = 0;
  switch (k) {
  case X::Hypot:
  case X::RHypot:
  case X::Fdim:
  case X::Ldexp:
  case X::Remainder:
  case X::NextAfter:
  case X::IMax:
  case X::IMin:
  case X::UMax:
  case X::UMin:
  case X::Frexp:
  case X::Modf:
  case X::HiLo:
  case X::MulHi:
  case X::UMulHi:
  case X::HAdd:
  case X::RHAdd:
  case X::UHAdd:
  case X::URHAdd:
    want = 2;
    break;
  case X::Norm3:
  case X::RNorm3:
  case X::SinCos:
  case X::SinCosPi:
  case X::Remquo:
  case X::Sad:
  case X::USad:
  case X::BytePerm:
  case X::Funnel:
    want = 3;
    break;
  case X::Norm4:
  case X::RNorm4:
    want = 4;
    break;
  default:
    want = 1;
  }
  if (e->getNumArgs() != want) {
    (void)cannotLift(e, "this call to '" + name + "'");
    return Value();
  }
  Type rt = e->getType()->isVoidType() ? (Type)b.getNoneType()
                                       : convertType(e->getType(), e->getExprLoc());
  if (!rt)
    return Value();
  bool dstU = isUnsignedInt(e->getType());

  // Integer functions.
  auto intArgs = [&](Type to, bool u) {
    for (unsigned i = 0; i < a.size(); ++i)
      a[i] = convertScalar(a[i], to, isUnsignedInt(e->getArg(i)->getType()), u, l);
  };
  auto ci = [&](Type t, int64_t v) { return constInt(t, v, l); };
  switch (k) {
  case X::IMax:
  case X::IMin:
  case X::UMax:
  case X::UMin: {
    bool u = k == X::UMax || k == X::UMin;
    intArgs(rt, u);
    if (k == X::IMax)
      return (Value)arith::MaxSIOp::create(b, l, a[0], a[1]);
    if (k == X::IMin)
      return (Value)arith::MinSIOp::create(b, l, a[0], a[1]);
    if (k == X::UMax)
      return (Value)arith::MaxUIOp::create(b, l, a[0], a[1]);
    return (Value)arith::MinUIOp::create(b, l, a[0], a[1]);
  }
  case X::IAbs:
    intArgs(rt, false);
    return (Value)math::AbsIOp::create(b, l, a[0]);
  case X::Ffs: {
    Type it = a[0].getType();
    Value x = a[0];
    Value neg = arith::SubIOp::create(b, l, ci(it, 0), x);
    Value low = arith::SubIOp::create(b, l, arith::AndIOp::create(b, l, x, neg), ci(it, 1));
    Value n = arith::AddIOp::create(b, l, math::CtPopOp::create(b, l, low), ci(it, 1));
    Value z = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, x, ci(it, 0));
    Value r = arith::SelectOp::create(b, l, z, ci(it, 0), n);
    return convertScalar(r, rt, true, false, l);
  }
  case X::MulHi:
  case X::UMulHi: {
    bool u = k == X::UMulHi;
    intArgs(rt, u);
    unsigned w = rt.getIntOrFloatBitWidth();
    Type wide = b.getIntegerType(2 * w);
    Value x = convertScalar(a[0], wide, u, u, l), y = convertScalar(a[1], wide, u, u, l);
    Value p = arith::MulIOp::create(b, l, x, y);
    Value hi = arith::ShRUIOp::create(b, l, p, ci(wide, w));
    return (Value)arith::TruncIOp::create(b, l, rt, hi);
  }
  case X::Sad:
  case X::USad: {
    bool u = k == X::USad;
    Type i64 = b.getI64Type();
    Value x = convertScalar(a[0], i64, u, u, l), y = convertScalar(a[1], i64, u, u, l);
    Value z = convertScalar(a[2], i64, true, true, l);
    Value d = math::AbsIOp::create(b, l, arith::SubIOp::create(b, l, x, y));
    return convertScalar(arith::AddIOp::create(b, l, d, z), rt, true, dstU, l);
  }
  case X::HAdd:
  case X::RHAdd:
  case X::UHAdd:
  case X::URHAdd: {
    bool u = k == X::UHAdd || k == X::URHAdd;
    Type i64 = b.getI64Type();
    Value x = convertScalar(a[0], i64, u, u, l), y = convertScalar(a[1], i64, u, u, l);
    Value s = arith::AddIOp::create(b, l, x, y);
    if (k == X::RHAdd || k == X::URHAdd)
      s = arith::AddIOp::create(b, l, s, ci(i64, 1));
    Value r = arith::ShRSIOp::create(b, l, s, ci(i64, 1));
    return convertScalar(r, rt, u, dstU, l);
  }
  case X::Brev: {
    Type it = rt;
    unsigned w = it.getIntOrFloatBitWidth();
    Value x = convertScalar(a[0], it, true, true, l);
    static const uint64_t masks[] = {0x5555555555555555ull, 0x3333333333333333ull,
                                     0x0F0F0F0F0F0F0F0Full, 0x00FF00FF00FF00FFull,
                                     0x0000FFFF0000FFFFull, 0x00000000FFFFFFFFull};
    for (unsigned i = 0, s = 1; s < w; ++i, s *= 2) {
      Value m = ci(it, (int64_t)masks[i]);
      Value lo = arith::ShLIOp::create(b, l, arith::AndIOp::create(b, l, x, m), ci(it, s));
      Value hi = arith::AndIOp::create(b, l, arith::ShRUIOp::create(b, l, x, ci(it, s)), m);
      x = arith::OrIOp::create(b, l, lo, hi);
    }
    return x;
  }
  case X::BytePerm: {
    Type i64 = b.getI64Type(), i32 = b.getI32Type();
    Value x = convertScalar(a[0], i64, true, true, l);
    Value y = convertScalar(a[1], i64, true, true, l);
    Value s = convertScalar(a[2], i64, true, true, l);
    Value both = arith::OrIOp::create(b, l, x, arith::ShLIOp::create(b, l, y, ci(i64, 32)));
    Value r = ci(i64, 0);
    for (int i = 0; i < 4; ++i) {
      Value sel =
          arith::AndIOp::create(b, l, arith::ShRUIOp::create(b, l, s, ci(i64, 4 * i)), ci(i64, 7));
      Value byte = arith::AndIOp::create(
          b, l, arith::ShRUIOp::create(b, l, both, arith::MulIOp::create(b, l, sel, ci(i64, 8))),
          ci(i64, 0xff));
      r = arith::OrIOp::create(b, l, r, arith::ShLIOp::create(b, l, byte, ci(i64, 8 * i)));
    }
    return convertScalar(arith::TruncIOp::create(b, l, i32, r), rt, true, dstU, l);
  }
  case X::Funnel: {
    // hi:lo as 64 bits shifted by the amount mod 32 (the `c` forms: clamped to
    // 32); the left shift keeps the upper, the right shift the lower 32 bits.
    Type i64 = b.getI64Type(), i32 = b.getI32Type();
    bool left = name.starts_with("__funnelshift_l"), clamp = name.ends_with("c");
    Value lo = convertScalar(a[0], i64, true, true, l);
    Value hi = convertScalar(a[1], i64, true, true, l);
    Value s = convertScalar(a[2], i64, true, true, l);
    s = clamp ? (Value)arith::MinUIOp::create(b, l, s, ci(i64, 32))
              : (Value)arith::AndIOp::create(b, l, s, ci(i64, 31));
    Value both = arith::OrIOp::create(b, l, lo, arith::ShLIOp::create(b, l, hi, ci(i64, 32)));
    Value r = left ? (Value)arith::ShRUIOp::create(b, l, arith::ShLIOp::create(b, l, both, s),
                                                   ci(i64, 32))
                   : (Value)arith::ShRUIOp::create(b, l, both, s);
    return convertScalar(arith::TruncIOp::create(b, l, i32, r), rt, true, dstU, l);
  }
  case X::HiInt:
  case X::LoInt: {
    Type i64 = b.getI64Type();
    Value bits =
        arith::BitcastOp::create(b, l, i64, convertScalar(a[0], b.getF64Type(), false, false, l));
    if (k == X::HiInt)
      bits = arith::ShRUIOp::create(b, l, bits, ci(i64, 32));
    return (Value)arith::TruncIOp::create(b, l, b.getI32Type(), bits);
  }
  case X::HiLo: {
    Type i64 = b.getI64Type();
    Value hi = convertScalar(a[0], i64, true, true, l);
    Value lo = convertScalar(a[1], i64, true, true, l);
    Value bits = arith::OrIOp::create(b, l, arith::ShLIOp::create(b, l, hi, ci(i64, 32)), lo);
    return (Value)arith::BitcastOp::create(b, l, b.getF64Type(), bits);
  }
  case X::CvtRd:
  case X::CvtRu:
  case X::CvtRz:
  case X::CvtRn: {
    Value x = a[0];
    if (k == X::CvtRd)
      x = math::FloorOp::create(b, l, x);
    if (k == X::CvtRu)
      x = math::CeilOp::create(b, l, x);
    if (k == X::CvtRn)
      x = math::RoundEvenOp::create(b, l, x);
    return convertScalar(x, rt, false, dstU, l);
  }
  case X::I2F:
    return convertScalar(a[0], rt, isUnsignedInt(e->getArg(0)->getType()), false, l);
  default:
    break;
  }

  // Float functions: computed in the argument's type (f16/bf16 through f32;
  // f32 in f64 where the composition would overflow or lose accuracy).
  Type ft = a.empty() ? rt : a[0].getType();
  if (!isa<FloatType>(ft)) {
    ft = isa<FloatType>(rt) ? rt : b.getF32Type();
    for (Value &v : a)
      if (!isa<FloatType>(v.getType()))
        v = convertScalar(v, ft, false, false, l);
  }
  if (!isa<FloatType>(ft)) {
    (void)cannotLift(e, "'" + name + "' on this type");
    return Value();
  }
  Type work = ft.isF16() || ft.isBF16() ? (Type)b.getF32Type() : ft;
  auto widen = [&](Value v, Type to) {
    return v.getType() == to ? v : convertScalar(v, to, false, false, l);
  };
  for (unsigned i = 0; i < a.size(); ++i)
    if (isa<FloatType>(a[i].getType()) || i == 0)
      a[i] = widen(a[i], work);
  auto done = [&](Value r) -> Value {
    return r.getType() == rt ? r : convertScalar(r, rt, false, dstU, l);
  };
  M m(*this, l, work);
  Type f64 = b.getF64Type();
  using P = arith::CmpFPredicate;
  switch (k) {
  case X::Nan:
    return done(constFloat(rt, NAN, l));
  case X::Exp10:
    return done(math::PowFOp::create(b, l, m.c(10.0), a[0]));
  case X::SinPi:
    return done(m.sin(m.mul(a[0], m.c(M_PI))));
  case X::CosPi:
    return done(m.cos(m.mul(a[0], m.c(M_PI))));
  case X::Erfc:
    return done(m.erfc(a[0]));
  case X::Erfcx: {
    M d(*this, l, f64);
    Value x = widen(a[0], f64);
    Value direct = d.mul(d.exp(d.mul(x, x)), d.erfc(x));
    // Past x = 25 exp(x^2) overflows: the asymptotic series (error < 1e-9).
    Value r2 = d.div(d.c(1.0), d.mul(x, x));
    Value series =
        d.mul(d.div(d.c(1.0 / std::sqrt(M_PI)), x),
              d.fma(r2, d.fma(r2, d.fma(r2, d.c(-1.875), d.c(0.75)), d.c(-0.5)), d.c(1.0)));
    return done(d.sel(d.cmp(P::OGT, x, d.c(25.0)), series, direct));
  }
  case X::NormCdf:
    return done(m.mul(m.c(0.5), m.erfc(m.mul(a[0], m.c(-M_SQRT1_2)))));
  case X::ErfInv: {
    Value x = a[0];
    Value w = m.log(m.mul(m.sub(m.c(1.0), x), m.add(m.c(1.0), x)));
    w = arith::NegFOp::create(b, l, w);
    Value r = m.erfinv(x, w, false, x);
    Value one = m.cmp(P::OEQ, m.abs(x), m.c(1.0));
    return done(m.sel(one, math::CopySignOp::create(b, l, m.c(INFINITY), x), r));
  }
  case X::ErfcInv:
  case X::NormCdfInv: {
    Value y = a[0];
    if (k == X::NormCdfInv)
      y = m.mul(y, m.c(2.0));
    Value x = m.sub(m.c(1.0), y);
    Value w = arith::NegFOp::create(b, l, m.log(m.mul(y, m.sub(m.c(2.0), y))));
    Value r = m.erfinv(x, w, true, y);
    r = m.sel(m.cmp(P::OEQ, y, m.c(0.0)), m.c(INFINITY), r);
    r = m.sel(m.cmp(P::OEQ, y, m.c(2.0)), m.c(-INFINITY), r);
    if (k == X::NormCdfInv)
      r = m.mul(r, m.c(-M_SQRT2));
    return done(r);
  }
  case X::LGamma:
  case X::TGamma: {
    M d(*this, l, f64);
    Value x = widen(a[0], f64);
    Value refl = d.cmp(P::OLT, x, d.c(0.5));
    Value z = d.sel(refl, d.sub(d.c(1.0), x), x);
    Value lg = d.lanczosLog(z);
    Value s = d.sin(d.mul(d.c(M_PI), x));
    Value r;
    if (k == X::LGamma)
      r = d.sel(refl, d.sub(d.log(d.div(d.c(M_PI), d.abs(s))), lg), lg);
    else
      r = d.sel(refl, d.div(d.c(M_PI), d.mul(s, d.exp(lg))), d.exp(lg));
    return done(r);
  }
  case X::Hypot:
  case X::RHypot:
  case X::Norm3:
  case X::RNorm3:
  case X::Norm4:
  case X::RNorm4: {
    Type wt = work.isF64() ? work : f64;
    M d(*this, l, wt);
    Value s = d.c(0.0);
    Value anyInf = nullptr;
    for (Value v : a) {
      Value x = widen(v, wt);
      s = d.fma(x, x, s);
      Value inf = d.isInf(x);
      anyInf = anyInf ? (Value)arith::OrIOp::create(b, l, anyInf, inf) : inf;
    }
    Value r = d.sqrt(s);
    r = d.sel(anyInf, d.c(INFINITY), r); // hypot(inf, NaN) = inf
    if (k == X::RHypot || k == X::RNorm3 || k == X::RNorm4)
      r = d.div(d.c(1.0), r);
    return done(r);
  }
  case X::Rcbrt:
    return done(m.div(m.c(1.0), math::CbrtOp::create(b, l, a[0])));
  case X::Fdim:
    return done(m.sel(m.cmp(P::OLE, a[0], a[1]), m.c(0.0), m.sub(a[0], a[1])));
  case X::Asinh:
    return done(math::AsinhOp::create(b, l, a[0]));
  case X::Acosh:
    return done(math::AcoshOp::create(b, l, a[0]));
  case X::Atanh:
    return done(math::AtanhOp::create(b, l, a[0]));
  case X::Lrint:
    return done(math::RoundEvenOp::create(b, l, a[0]));
  case X::Lround:
    return done(math::RoundOp::create(b, l, a[0]));
  case X::SignBit: {
    unsigned w = work.getIntOrFloatBitWidth();
    Type it = b.getIntegerType(w);
    Value bits = arith::BitcastOp::create(b, l, it, a[0]);
    Value neg = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, bits, ci(it, 0));
    return convertScalar(neg, rt, true, dstU, l);
  }
  case X::SinCos:
  case X::SinCosPi: {
    Value x = k == X::SinCosPi ? m.mul(a[0], m.c(M_PI)) : a[0];
    bool fast = name.starts_with("__");
    auto fm = arith::FastMathFlagsAttr::get(b.getContext(), fast ? arith::FastMathFlags::afn
                                                                 : arith::FastMathFlags::none);
    Value s = math::SinOp::create(b, l, x, fm), c = math::CosOp::create(b, l, x, fm);
    if (!storeTo(e->getArg(1), widen(s, ft)) || !storeTo(e->getArg(2), widen(c, ft)))
      return Value();
    return voidValue;
  }
  case X::Ldexp: {
    // x * 2^n, in two halves so that an n past the type's exponent range
    // still scales a tiny or huge x right.
    Type wt = work.isF64() ? work : f64;
    M d(*this, l, wt);
    Type i32 = b.getI32Type();
    Value n = convertScalar(a[1], i32, isUnsignedInt(e->getArg(1)->getType()), false, l);
    n = arith::MaxSIOp::create(b, l, arith::MinSIOp::create(b, l, n, ci(i32, 4000)),
                               ci(i32, -4000));
    Value h = arith::DivSIOp::create(b, l, n, ci(i32, 2));
    Value h2 = arith::SubIOp::create(b, l, n, h);
    Value e1 = math::Exp2Op::create(b, l, convertScalar(h, wt, false, false, l));
    Value e2 = math::Exp2Op::create(b, l, convertScalar(h2, wt, false, false, l));
    return done(d.mul(d.mul(widen(a[0], wt), e1), e2));
  }
  case X::Frexp:
  case X::Ilogb:
  case X::Logb: {
    // On f64 bits (f32 subnormals are normal there; f64 subnormals scaled).
    M d(*this, l, f64);
    Type i64 = b.getI64Type(), i32 = b.getI32Type();
    Value x = widen(a[0], f64);
    Value tiny = d.cmp(P::OLT, d.abs(x), d.c(0x1p-1022));
    Value xs = d.sel(tiny, d.mul(x, d.c(0x1p54)), x);
    Value bits = arith::BitcastOp::create(b, l, i64, xs);
    Value ex = arith::AndIOp::create(b, l, arith::ShRUIOp::create(b, l, bits, ci(i64, 52)),
                                     ci(i64, 0x7ff));
    Value e64 = arith::SubIOp::create(b, l, ex, ci(i64, 1022));
    e64 = arith::SelectOp::create(b, l, tiny, arith::SubIOp::create(b, l, e64, ci(i64, 54)), e64);
    Value mbits = arith::OrIOp::create(
        b, l, arith::AndIOp::create(b, l, bits, ci(i64, (int64_t)~(0x7ffull << 52))),
        ci(i64, (int64_t)(1022ull << 52)));
    Value mant = arith::BitcastOp::create(b, l, f64, mbits);
    Value zero = d.cmp(P::OEQ, x, d.c(0.0));
    Value special = arith::OrIOp::create(
        b, l, zero, arith::OrIOp::create(b, l, d.isInf(x), d.cmp(P::UNO, x, x)));
    Value ei = arith::TruncIOp::create(b, l, i32, e64);
    if (k == X::Frexp) {
      mant = d.sel(special, x, mant);
      ei = arith::SelectOp::create(b, l, special, ci(i32, 0), ei);
      if (!storeTo(e->getArg(1), ei))
        return Value();
      return done(mant);
    }
    Value lb = arith::SubIOp::create(b, l, ei, ci(i32, 1));
    if (k == X::Ilogb) {
      Value r = arith::SelectOp::create(b, l, d.isInf(x), ci(i32, INT32_MAX), lb);
      r = arith::SelectOp::create(b, l, arith::OrIOp::create(b, l, zero, d.cmp(P::UNO, x, x)),
                                  ci(i32, INT32_MIN), r);
      return convertScalar(r, rt, false, dstU, l);
    }
    Value r = convertScalar(lb, f64, false, false, l);
    r = d.sel(d.isInf(x), d.c(INFINITY), r);
    r = d.sel(zero, d.c(-INFINITY), r);
    r = d.sel(d.cmp(P::UNO, x, x), x, r);
    return done(r);
  }
  case X::Modf: {
    Value i = math::TruncOp::create(b, l, a[0]);
    Value frac =
        m.sel(m.isInf(a[0]), math::CopySignOp::create(b, l, m.c(0.0), a[0]), m.sub(a[0], i));
    if (!storeTo(e->getArg(1), widen(i, ft)))
      return Value();
    return done(frac);
  }
  case X::Remainder:
  case X::Remquo: {
    Value x = a[0], y = widen(a[1], work);
    Value r = arith::RemFOp::create(b, l, x, y); // fmod: exact
    Value ay = m.abs(y), twice = m.mul(m.abs(r), m.c(2.0));
    Value q = m.div(m.sub(x, r), y); // the truncated quotient, an integer
    Value odd = m.cmp(P::UNE, arith::RemFOp::create(b, l, q, m.c(2.0)), m.c(0.0));
    Value up = arith::OrIOp::create(b, l, m.cmp(P::OGT, twice, ay),
                                    arith::AndIOp::create(b, l, m.cmp(P::OEQ, twice, ay), odd));
    Value adj = m.sub(r, math::CopySignOp::create(b, l, ay, r));
    Value rem = m.sel(up, adj, r);
    if (k == X::Remquo) {
      // The quotient's low 3 bits, with the sign of x / y.
      Value qn = m.div(m.sub(x, rem), y);
      Value q8 = arith::RemFOp::create(b, l, m.abs(qn), m.c(8.0));
      Type i32 = b.getI32Type();
      Value n = arith::FPToSIOp::create(b, l, i32, math::RoundEvenOp::create(b, l, q8));
      Value neg = m.cmp(P::OLT, qn, m.c(0.0));
      n = arith::SelectOp::create(b, l, neg, arith::SubIOp::create(b, l, ci(i32, 0), n), n);
      if (!storeTo(e->getArg(2), n))
        return Value();
    }
    return done(rem);
  }
  case X::NextAfter: {
    Value x = a[0], y = widen(a[1], work);
    unsigned w = work.getIntOrFloatBitWidth();
    Type it = b.getIntegerType(w);
    Value bits = arith::BitcastOp::create(b, l, it, x);
    Value toward = m.cmp(P::OLT, x, y);
    Value pos = m.cmp(P::OGT, x, m.c(0.0));
    // Away from zero when moving in x's direction.
    Value inc = arith::XOrIOp::create(b, l, toward, pos);
    inc = arith::XOrIOp::create(b, l, inc, constBool(true, l));
    Value nb = arith::SelectOp::create(b, l, inc, arith::AddIOp::create(b, l, bits, ci(it, 1)),
                                       arith::SubIOp::create(b, l, bits, ci(it, 1)));
    Value r = arith::BitcastOp::create(b, l, work, nb);
    Value minSub = arith::BitcastOp::create(b, l, work, ci(it, 1));
    r = m.sel(m.cmp(P::OEQ, x, m.c(0.0)), math::CopySignOp::create(b, l, minSub, y), r);
    r = m.sel(m.cmp(P::OEQ, x, y), y, r);
    r = m.sel(m.cmp(P::UNO, x, y), m.add(x, y), r);
    return done(r);
  }
  default:
    break;
  }
  (void)cannotLift(e, "the call to '" + name + "'");
  return Value();
}
