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
  None,
  Convert,
  ConvertRound,
  Splat,
  Pair,
  Lane0,
  Lane1,
  Add,
  Sub,
  Mul,
  Div,
  Neg,
  Abs,
  Fma,
  Max,
  Min,
  MaxNaN,
  MinNaN,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Exp,
  Exp2,
  Log,
  Log2,
  Sqrt,
  Rsqrt,
  Rcp,
  Sin,
  Cos,
  Tanh,
  Floor,
  Ceil,
  Trunc,
  Rint,
  IsNan,
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
    if (n == "__float2half2_rn" || n == "__half2half2" || n == "__float2bfloat162_rn" ||
        n == "__bfloat162bfloat162")
      return HK::Splat;
    if (n == "__floats2half2_rn" || n == "__floats2bfloat162_rn" || n == "__halves2half2" ||
        n == "__halves2bfloat162")
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
  if (n == "__half22float2" || n == "__float22half2_rn" || n == "__bfloat1622float2" ||
      n == "__float22bfloat162_rn")
    return HK::Convert;
  if (n == "__half_as_short" || n == "__half_as_ushort" || n == "__short_as_half" ||
      n == "__ushort_as_half" || n == "__bfloat16_as_ushort" || n == "__ushort_as_bfloat16" ||
      n == "__bfloat16_as_short" || n == "__short_as_bfloat16")
    return HK::Bits;
  if (!n.starts_with("__h") && !n.starts_with("h"))
    return HK::None;
  StringRef base = n;
  if (base.size() > 1 && base.back() == '2' && !base.ends_with("exp2") && !base.ends_with("log2"))
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
      .Case("__hneg", HK::Neg)
      .Case("__habs", HK::Abs)
      .Case("__hfma", HK::Fma)
      .Case("__hmax", HK::Max)
      .Case("__hmin", HK::Min)
      .Case("__hmax_nan", HK::MaxNaN)
      .Case("__hmin_nan", HK::MinNaN)
      .Case("__heq", HK::Eq)
      .Case("__hne", HK::Ne)
      .Case("__hlt", HK::Lt)
      .Case("__hle", HK::Le)
      .Case("__hgt", HK::Gt)
      .Case("__hge", HK::Ge)
      .Case("__hisnan", HK::IsNan)
      .Case("exp", HK::Exp)
      .Case("exp2", HK::Exp2)
      .Case("log", HK::Log)
      .Case("log2", HK::Log2)
      .Case("sqrt", HK::Sqrt)
      .Case("rsqrt", HK::Rsqrt)
      .Case("rcp", HK::Rcp)
      .Case("sin", HK::Sin)
      .Case("cos", HK::Cos)
      .Case("tanh", HK::Tanh)
      .Case("floor", HK::Floor)
      .Case("ceil", HK::Ceil)
      .Case("trunc", HK::Trunc)
      .Case("rint", HK::Rint)
      .Default(HK::None);
}

/// f16/bf16 arithmetic, shared by the named intrinsics and the operators.
static Value halfArith(Lifter &lf, HK k, ArrayRef<Value> a, Location l) {
  OpBuilder &b = lf.b;
  using P = arith::CmpFPredicate;
  auto cmp = [&](P p) -> Value { return arith::CmpFOp::create(b, l, p, a[0], a[1]); };
  switch (k) {
  case HK::Add:
    return arith::AddFOp::create(b, l, a[0], a[1]);
  case HK::Sub:
    return arith::SubFOp::create(b, l, a[0], a[1]);
  case HK::Mul:
    return arith::MulFOp::create(b, l, a[0], a[1]);
  case HK::Div:
    return arith::DivFOp::create(b, l, a[0], a[1]);
  case HK::Neg:
    return arith::NegFOp::create(b, l, a[0]);
  case HK::Abs:
    return math::AbsFOp::create(b, l, a[0]);
  case HK::Fma:
    return math::FmaOp::create(b, l, a[0], a[1], a[2]);
  case HK::Max:
    return arith::MaxNumFOp::create(b, l, a[0], a[1]);
  case HK::Min:
    return arith::MinNumFOp::create(b, l, a[0], a[1]);
  case HK::MaxNaN:
    return arith::MaximumFOp::create(b, l, a[0], a[1]);
  case HK::MinNaN:
    return arith::MinimumFOp::create(b, l, a[0], a[1]);
  case HK::Eq:
    return cmp(P::OEQ);
  case HK::Ne:
    return cmp(P::ONE);
  case HK::Lt:
    return cmp(P::OLT);
  case HK::Le:
    return cmp(P::OLE);
  case HK::Gt:
    return cmp(P::OGT);
  case HK::Ge:
    return cmp(P::OGE);
  case HK::IsNan:
    return arith::CmpFOp::create(b, l, P::UNO, a[0], a[0]);
  case HK::Exp:
    return math::ExpOp::create(b, l, a[0]);
  case HK::Exp2:
    return math::Exp2Op::create(b, l, a[0]);
  case HK::Log:
    return math::LogOp::create(b, l, a[0]);
  case HK::Log2:
    return math::Log2Op::create(b, l, a[0]);
  case HK::Sqrt:
    return math::SqrtOp::create(b, l, a[0]);
  case HK::Rsqrt:
    return math::RsqrtOp::create(b, l, a[0]);
  case HK::Rcp:
    return arith::DivFOp::create(b, l, lf.constFloat(a[0].getType(), 1.0, l), a[0]);
  case HK::Sin:
    return math::SinOp::create(b, l, a[0]);
  case HK::Cos:
    return math::CosOp::create(b, l, a[0]);
  case HK::Tanh:
    return math::TanhOp::create(b, l, a[0]);
  case HK::Floor:
    return math::FloorOp::create(b, l, a[0]);
  case HK::Ceil:
    return math::CeilOp::create(b, l, a[0]);
  case HK::Trunc:
    return math::TruncOp::create(b, l, a[0]);
  case HK::Rint:
    return math::RoundEvenOp::create(b, l, a[0]);
  default:
    return {};
  }
}

static unsigned arity(HK k) {
  switch (k) {
  case HK::Add:
  case HK::Sub:
  case HK::Mul:
  case HK::Div:
  case HK::Max:
  case HK::Min:
  case HK::MaxNaN:
  case HK::MinNaN:
  case HK::Eq:
  case HK::Ne:
  case HK::Lt:
  case HK::Le:
  case HK::Gt:
  case HK::Ge:
  case HK::Pair:
    return 2;
  case HK::Fma:
    return 3;
  default:
    return 1;
  }
}

/// The rest of cuda_fp16.h / cuda_bf16.h: unordered and both-lanes
/// comparisons, _mask comparisons, saturating and relu variants, __hisinf,
/// conversions with an explicit rounding, lane shuffles, __hcmadd, exp10 and
/// log10. nullopt when `name` is none of them.
static std::optional<Value> halfExtra(Lifter &lf, const cl::CallExpr *e, StringRef name) {
  OpBuilder &b = lf.b;
  using P = arith::CmpFPredicate;
  auto cf = [&](Type t, double v, Location l) -> Value {
    if (auto vt = dyn_cast<VectorType>(t))
      return arith::ConstantOp::create(
          b, l, vt, DenseElementsAttr::get(vt, b.getFloatAttr(vt.getElementType(), v)));
    return lf.constFloat(t, v, l);
  };
  StringRef n = name;
  // Conversions with a rounding: __half2int_rd, __bfloat162ull_ru, ...
  for (StringRef src : {"__half2", "__bfloat162"})
    if (n.starts_with(src)) {
      StringRef rest = n.drop_front(src.size());
      for (StringRef dst : {"int_", "uint_", "short_", "ushort_", "ll_", "ull_", "char_", "uchar_"})
        if (rest.starts_with(dst) && e->getNumArgs() == 1) {
          StringRef r = rest.drop_front(dst.size());
          if (r != "rd" && r != "ru" && r != "rz" && r != "rn")
            return std::nullopt;
          Location l = lf.loc(e);
          Value x = lf.emitRValue(e->getArg(0));
          Type rt = x ? lf.convertType(e->getType(), e->getExprLoc()) : Type();
          if (!rt)
            return Value();
          if (r == "rd")
            x = math::FloorOp::create(b, l, x);
          if (r == "ru")
            x = math::CeilOp::create(b, l, x);
          if (r == "rn")
            x = math::RoundEvenOp::create(b, l, x);
          return lf.convertScalar(x, rt, false, lf.isUnsignedInt(e->getType()), l);
        }
    }
  // `__hmul2_sat` -> `__hmul_sat`: the paired form of a suffixed name.
  std::string base = n.str();
  bool paired = false;
  for (StringRef suf : {"2_sat", "2_relu"}) {
    size_t at = base.find(suf.str());
    if (at != std::string::npos && at + suf.size() == base.size()) {
      base.erase(at, 1);
      paired = true;
    }
  }
  StringRef bs = base;
  bool mask = bs.consume_back("_mask");
  std::optional<P> pred = llvm::StringSwitch<std::optional<P>>(bs)
                              .Cases({"__hequ", "__hequ2", "__hbequ2"}, P::UEQ)
                              .Cases({"__hneu", "__hneu2", "__hbneu2"}, P::UNE)
                              .Cases({"__hltu", "__hltu2", "__hbltu2"}, P::ULT)
                              .Cases({"__hleu", "__hleu2", "__hbleu2"}, P::ULE)
                              .Cases({"__hgtu", "__hgtu2", "__hbgtu2"}, P::UGT)
                              .Cases({"__hgeu", "__hgeu2", "__hbgeu2"}, P::UGE)
                              .Cases({"__hbeq2", "__heq2"}, P::OEQ)
                              .Cases({"__hbne2", "__hne2"}, P::ONE)
                              .Case("__hlt2", P::OLT)
                              .Case("__hle2", P::OLE)
                              .Case("__hgt2", P::OGT)
                              .Case("__hge2", P::OGE)
                              .Case("__hisnan2", P::UNO)
                              .Cases({"__hblt2"}, P::OLT)
                              .Cases({"__hble2"}, P::OLE)
                              .Cases({"__hbgt2"}, P::OGT)
                              .Cases({"__hbge2"}, P::OGE)
                              .Default(std::nullopt);
  if (mask && !pred)
    pred = llvm::StringSwitch<std::optional<P>>(bs)
               .Case("__heq2", P::OEQ)
               .Case("__hne2", P::ONE)
               .Case("__hlt2", P::OLT)
               .Case("__hle2", P::OLE)
               .Case("__hgt2", P::OGT)
               .Case("__hge2", P::OGE)
               .Default(std::nullopt);
  bool sat = bs.consume_back("_sat");
  bool relu = bs.consume_back("_relu");
  if (bs == "__lows2bfloat162")
    bs = "__lows2half2";
  if (bs == "__highs2bfloat162")
    bs = "__highs2half2";
  bool swapOps = bs == "__lowhigh2highlow" || bs == "__lows2half2" || bs == "__highs2half2" ||
                 bs == "__hcmadd";
  bool other = bs == "__hisinf" || bs == "hexp10" || bs == "h2exp10" || bs == "hlog10" ||
               bs == "h2log10" || bs == "htanh_approx" || bs == "h2tanh_approx";
  if (!pred && !sat && !relu && !swapOps && !other)
    return std::nullopt;
  Location l = lf.loc(e);
  SmallVector<Value> a = lf.emitArgs(e);
  if (a.size() != e->getNumArgs() || a.empty())
    return Value();
  Type rt = lf.convertType(e->getType(), e->getExprLoc());
  if (!rt)
    return Value();
  auto lane = [&](Value v, int i) -> Value {
    return vector::ExtractOp::create(b, l, v, ArrayRef<int64_t>{i});
  };
  auto pair = [&](Value x, Value y) -> Value {
    return vector::FromElementsOp::create(b, l, cast<VectorType>(rt), ValueRange{x, y});
  };
  if (pred) {
    if (a.size() == 1 && *pred == P::UNO)
      a.push_back(a[0]);
    if (a.size() != 2)
      return Value();
    if (!isa<VectorType>(a[0].getType()))
      return lf.convertScalar(arith::CmpFOp::create(b, l, *pred, a[0], a[1]), rt, true,
                              lf.isUnsignedInt(e->getType()), l);
    // Lane by lane (as the exporter writes comparisons).
    Value c0 = arith::CmpFOp::create(b, l, *pred, lane(a[0], 0), lane(a[1], 0));
    Value c1 = arith::CmpFOp::create(b, l, *pred, lane(a[0], 1), lane(a[1], 1));
    if (mask) { // 0xFFFF per true lane
      Type i32 = b.getI32Type();
      auto m = [&](Value ci, int64_t v) {
        return arith::SelectOp::create(b, l, ci, lf.constInt(i32, v, l), lf.constInt(i32, 0, l));
      };
      Value r = arith::OrIOp::create(b, l, m(c0, 0xffff), m(c1, 0xffff0000ll));
      return lf.convertScalar(r, rt, true, true, l);
    }
    if (!isa<VectorType>(rt)) // __hbeq2: both lanes
      return lf.convertScalar(arith::AndIOp::create(b, l, c0, c1), rt, true, false, l);
    // __hequ2: per lane 1.0 / 0.0
    Type et = cast<VectorType>(rt).getElementType();
    auto f = [&](Value ci) {
      return arith::SelectOp::create(b, l, ci, cf(et, 1.0, l), cf(et, 0.0, l));
    };
    return pair(f(c0), f(c1));
  }
  if (swapOps) {
    if (bs == "__lowhigh2highlow")
      return pair(lane(a[0], 1), lane(a[0], 0));
    if (a.size() < 2)
      return Value();
    if (bs == "__lows2half2")
      return pair(lane(a[0], 0), lane(a[1], 0));
    if (bs == "__highs2half2")
      return pair(lane(a[0], 1), lane(a[1], 1));
    if (a.size() != 3)
      return Value();
    // __hcmadd: complex a * b + c, in f32 as the hardware does.
    Type f32 = b.getF32Type();
    auto w = [&](Value v, int i) { return lf.convertScalar(lane(v, i), f32, false, false, l); };
    Value ax = w(a[0], 0), ay = w(a[0], 1), bx = w(a[1], 0), by = w(a[1], 1);
    Value re = math::FmaOp::create(b, l, ax, bx, w(a[2], 0));
    re = math::FmaOp::create(b, l, arith::NegFOp::create(b, l, ay), by, re);
    Value im = math::FmaOp::create(b, l, ax, by, w(a[2], 1));
    im = math::FmaOp::create(b, l, ay, bx, im);
    Type et = cast<VectorType>(rt).getElementType();
    return pair(lf.convertScalar(re, et, false, false, l),
                lf.convertScalar(im, et, false, false, l));
  }
  Value x = a[0];
  Type t = x.getType();
  if (bs == "__hisinf") {
    Value inf = cf(t, INFINITY, l);
    Value pos = arith::CmpFOp::create(b, l, P::OEQ, x, inf);
    Value neg = arith::CmpFOp::create(b, l, P::OEQ, x, arith::NegFOp::create(b, l, inf));
    Type i32 = b.getI32Type();
    Value r = arith::SelectOp::create(b, l, pos, lf.constInt(i32, 1, l), lf.constInt(i32, 0, l));
    r = arith::SelectOp::create(b, l, neg, lf.constInt(i32, -1, l), r);
    return lf.convertScalar(r, rt, false, false, l);
  }
  if (bs.ends_with("exp10"))
    return (Value)math::PowFOp::create(b, l, cf(t, 10.0, l), x);
  if (bs.ends_with("log10"))
    return (Value)math::Log10Op::create(b, l, x);
  if (bs.ends_with("tanh_approx"))
    return (Value)math::TanhOp::create(b, l, x);
  // _sat / _relu: the base operation, then clamped.
  std::string op = bs.str();
  HK k = llvm::StringSwitch<HK>(op)
             .Cases({"__hadd", "__hadd2"}, HK::Add)
             .Cases({"__hsub", "__hsub2"}, HK::Sub)
             .Cases({"__hmul", "__hmul2"}, HK::Mul)
             .Cases({"__hfma", "__hfma2"}, HK::Fma)
             .Default(HK::None);
  (void)paired;
  if (k == HK::None || a.size() != (k == HK::Fma ? 3u : 2u))
    return std::nullopt;
  Value r = halfArith(lf, k, a, l);
  Value zero = cf(t, 0.0, l);
  if (relu) // max(r, 0), NaN kept
    return (Value)arith::SelectOp::create(b, l, arith::CmpFOp::create(b, l, P::OLT, r, zero), zero,
                                          r);
  Value one = cf(t, 1.0, l);
  // NaN saturates to +0.
  Value lo = arith::SelectOp::create(b, l, arith::CmpFOp::create(b, l, P::UGT, r, zero), r, zero);
  return (Value)arith::SelectOp::create(b, l, arith::CmpFOp::create(b, l, P::OGT, lo, one), one,
                                        lo);
}

std::optional<Value> Lifter::emitHalfBuiltin(const cl::CallExpr *e, StringRef name) {
  if (auto r = halfExtra(*this, e, name))
    return r;
  HK k = halfKind(name);
  if (k == HK::None) { // __hadd2_rn, __hmax2_nan: the pair form of __hadd_rn, __hmax_nan
    std::string n = name.str();
    size_t at = n.rfind("2_");
    if (at != std::string::npos && StringRef(n).starts_with("__h")) {
      n.erase(at, 1);
      k = halfKind(n);
    }
  }
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
    Value x = vector::ExtractOp::create(b, l, a[0], ArrayRef<int64_t>{k == HK::Lane1});
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
  if (fd && fd->hasBody() && !ast.getSourceManager().isInSystemHeader(fd->getLocation()))
    return std::nullopt; // user-defined: inlined
  Location l = loc(e);
  cl::OverloadedOperatorKind op = e->getOperator();
  HK k = HK::None;
  bool compound = false;
  switch (op) {
  case cl::OO_Plus:
    k = e->getNumArgs() == 1 ? HK::None : HK::Add;
    break;
  case cl::OO_Minus:
    k = e->getNumArgs() == 1 ? HK::Neg : HK::Sub;
    break;
  case cl::OO_Star:
    k = HK::Mul;
    break;
  case cl::OO_Slash:
    k = HK::Div;
    break;
  case cl::OO_PlusEqual:
    k = HK::Add;
    compound = true;
    break;
  case cl::OO_MinusEqual:
    k = HK::Sub;
    compound = true;
    break;
  case cl::OO_StarEqual:
    k = HK::Mul;
    compound = true;
    break;
  case cl::OO_SlashEqual:
    k = HK::Div;
    compound = true;
    break;
  case cl::OO_EqualEqual:
    k = HK::Eq;
    break;
  case cl::OO_ExclaimEqual:
    k = HK::Ne;
    break;
  case cl::OO_Less:
    k = HK::Lt;
    break;
  case cl::OO_LessEqual:
    k = HK::Le;
    break;
  case cl::OO_Greater:
    k = HK::Gt;
    break;
  case cl::OO_GreaterEqual:
    k = HK::Ge;
    break;
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
    rhs = convertScalar(rhs, cur.getType(), isUnsignedInt(e->getArg(1)->getType()), false, l);
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
