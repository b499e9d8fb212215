//===- LiftBuiltins.cpp - CUDA builtins recognized by name ----------------===//
//
// Math functions, barriers, warp shuffles and votes, atomics, __ldg and
// make_<vec>. Names come from the CUDA headers, Clang's CUDA wrappers and
// kfix's fallback header alike, so matching is by name, never by body.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

namespace {
enum class MathKind {
  None,
  Exp,
  Exp2,
  Log,
  Log2,
  Log10,
  Sqrt,
  Rsqrt,
  Tanh,
  Erf,
  Sin,
  Cos,
  Tan,
  Floor,
  Ceil,
  Round,
  Trunc,
  Rint,
  Expm1,
  Log1p,
  Cbrt,
  Atan,
  Asin,
  Acos,
  Sinh,
  Cosh,
  Abs,
  Pow,
  Atan2,
  Max,
  Min,
  CopySign,
  Fmod,
  Div,
  Mul,
  Add,
  Sub,
  Fma,
  Saturate,
  IsNan,
  IsInf,
  IsFinite,
  Rcp
};
} // namespace

/// "expf" -> exp, "__expf" -> exp (fast), "exp" -> exp, "fmaxf" -> max ...
static MathKind mathKind(StringRef name, bool &fast) {
  fast = false;
  auto lookup = [](StringRef n) {
    return llvm::StringSwitch<MathKind>(n)
        .Case("exp", MathKind::Exp)
        .Case("exp2", MathKind::Exp2)
        .Case("log", MathKind::Log)
        .Case("log2", MathKind::Log2)
        .Case("log10", MathKind::Log10)
        .Case("sqrt", MathKind::Sqrt)
        .Case("rsqrt", MathKind::Rsqrt)
        .Case("tanh", MathKind::Tanh)
        .Case("erf", MathKind::Erf)
        .Case("sin", MathKind::Sin)
        .Case("cos", MathKind::Cos)
        .Case("tan", MathKind::Tan)
        .Case("floor", MathKind::Floor)
        .Case("ceil", MathKind::Ceil)
        .Case("round", MathKind::Round)
        .Case("trunc", MathKind::Trunc)
        .Case("rint", MathKind::Rint)
        .Case("nearbyint", MathKind::Rint)
        .Case("expm1", MathKind::Expm1)
        .Case("log1p", MathKind::Log1p)
        .Case("cbrt", MathKind::Cbrt)
        .Case("atan", MathKind::Atan)
        .Case("asin", MathKind::Asin)
        .Case("acos", MathKind::Acos)
        .Case("sinh", MathKind::Sinh)
        .Case("cosh", MathKind::Cosh)
        .Case("fabs", MathKind::Abs)
        .Case("abs", MathKind::Abs)
        .Case("pow", MathKind::Pow)
        .Case("atan2", MathKind::Atan2)
        .Case("fmax", MathKind::Max)
        .Case("max", MathKind::Max)
        .Case("fmin", MathKind::Min)
        .Case("min", MathKind::Min)
        .Case("copysign", MathKind::CopySign)
        .Case("fmod", MathKind::Fmod)
        .Case("fdivide", MathKind::Div)
        .Case("fma", MathKind::Fma)
        .Case("isnan", MathKind::IsNan)
        .Case("isinf", MathKind::IsInf)
        .Case("isfinite", MathKind::IsFinite)
        .Default(MathKind::None);
  };
  // CUDA's fast and explicitly rounded intrinsics.
  MathKind special = llvm::StringSwitch<MathKind>(name)
                         .Case("__fdividef", MathKind::Div)
                         .Case("fdividef", MathKind::Div)
                         .Cases({"__fdiv_rn", "__ddiv_rn"}, MathKind::Div)
                         .Cases({"__fmul_rn", "__dmul_rn"}, MathKind::Mul)
                         .Cases({"__fadd_rn", "__dadd_rn"}, MathKind::Add)
                         .Cases({"__fsub_rn", "__dsub_rn"}, MathKind::Sub)
                         .Cases({"__fmaf_rn", "__fma_rn"}, MathKind::Fma)
                         .Cases({"__fsqrt_rn", "__dsqrt_rn"}, MathKind::Sqrt)
                         .Case("__frsqrt_rn", MathKind::Rsqrt)
                         .Cases({"__frcp_rn", "__drcp_rn"}, MathKind::Rcp)
                         .Case("__saturatef", MathKind::Saturate)
                         .Cases({"__isnan", "__isnanf"}, MathKind::IsNan)
                         .Cases({"__isinf", "__isinff"}, MathKind::IsInf)
                         .Cases({"__finitef", "__isfinited"}, MathKind::IsFinite)
                         .Default(MathKind::None);
  if (special != MathKind::None) {
    fast = name == "__fdividef" || name == "fdividef";
    return special;
  }
  StringRef n = name;
  if (n.consume_front("__")) {
    fast = true;
    if (!n.consume_back("f"))
      return MathKind::None;
    return lookup(n);
  }
  MathKind k = lookup(n);
  if (k == MathKind::None && n.ends_with("f"))
    k = lookup(n.drop_back());
  return k;
}

bool isPureExtraMathName(StringRef name);

bool isPureBuiltinName(StringRef name) {
  if (isPureExtraMathName(name))
    return true;
  bool fast;
  if (mathKind(name, fast) != MathKind::None)
    return true;
  static const llvm::StringSet<> others = {"__float2half",
                                           "__float2half_rn",
                                           "__half2float",
                                           "__float2bfloat16",
                                           "__float2bfloat16_rn",
                                           "__bfloat162float",
                                           "__hadd",
                                           "__hsub",
                                           "__hmul",
                                           "__hdiv",
                                           "__hfma",
                                           "__hmax",
                                           "__hmin",
                                           "__hneg",
                                           "__habs",
                                           "hexp",
                                           "hlog",
                                           "hsqrt",
                                           "hrsqrt",
                                           "__int_as_float",
                                           "__float_as_int",
                                           "__float_as_uint",
                                           "__uint_as_float",
                                           "make_float2",
                                           "make_float3",
                                           "make_float4",
                                           "make_int2",
                                           "make_int4",
                                           "__low2float",
                                           "__high2float",
                                           "__half22float2",
                                           "__float22half2_rn",
                                           "__floats2half2_rn",
                                           "__halves2half2",
                                           "__float2half2_rn",
                                           "__bfloat1622float2",
                                           "__floats2bfloat162_rn",
                                           "__float2int_rn",
                                           "__float2int_rz",
                                           "__int2float_rn"};
  return others.contains(name);
}

std::optional<Value> Lifter::emitMathBuiltin(const cl::CallExpr *e, StringRef name) {
  bool fast = false;
  MathKind k = mathKind(name, fast);
  if (k == MathKind::None)
    return std::nullopt;
  Location l = loc(e);
  SmallVector<Value> a = emitArgs(e);
  if (a.empty() && e->getNumArgs())
    return Value();
  unsigned want = llvm::is_contained({MathKind::Pow, MathKind::Atan2, MathKind::Max, MathKind::Min,
                                      MathKind::CopySign, MathKind::Fmod, MathKind::Div,
                                      MathKind::Mul, MathKind::Add, MathKind::Sub},
                                     k)
                      ? 2
                      : (k == MathKind::Fma ? 3 : 1);
  if (a.size() != want) {
    (void)cannotLift(e, "this call to '" + name + "'");
    return Value();
  }
  Type t = a[0].getType();
  bool isF = isa<FloatType>(t) ||
             (isa<VectorType>(t) && isa<FloatType>(cast<VectorType>(t).getElementType()));
  auto fm = arith::FastMathFlagsAttr::get(func.getContext(), fast ? arith::FastMathFlags::afn
                                                                  : arith::FastMathFlags::none);
  Value x = a[0];
  bool u = isUnsignedInt(e->getType());
  if (!isF) {
    switch (k) {
    case MathKind::Max:
      return u ? (Value)arith::MaxUIOp::create(b, l, a[0], a[1])
               : (Value)arith::MaxSIOp::create(b, l, a[0], a[1]);
    case MathKind::Min:
      return u ? (Value)arith::MinUIOp::create(b, l, a[0], a[1])
               : (Value)arith::MinSIOp::create(b, l, a[0], a[1]);
    case MathKind::Abs:
      return (Value)math::AbsIOp::create(b, l, x);
    default:
      (void)cannotLift(e, "'" + name + "' on integers");
      return Value();
    }
  }
  auto inf = [&]() { return constFloat(t, INFINITY, l); };
  switch (k) {
  case MathKind::Exp:
    return (Value)math::ExpOp::create(b, l, x, fm);
  case MathKind::Exp2:
    return (Value)math::Exp2Op::create(b, l, x, fm);
  case MathKind::Log:
    return (Value)math::LogOp::create(b, l, x, fm);
  case MathKind::Log2:
    return (Value)math::Log2Op::create(b, l, x, fm);
  case MathKind::Log10:
    return (Value)math::Log10Op::create(b, l, x, fm);
  case MathKind::Sqrt:
    return (Value)math::SqrtOp::create(b, l, x, fm);
  case MathKind::Rsqrt:
    return (Value)math::RsqrtOp::create(b, l, x, fm);
  case MathKind::Tanh:
    return (Value)math::TanhOp::create(b, l, x, fm);
  case MathKind::Erf:
    return (Value)math::ErfOp::create(b, l, x, fm);
  case MathKind::Sin:
    return (Value)math::SinOp::create(b, l, x, fm);
  case MathKind::Cos:
    return (Value)math::CosOp::create(b, l, x, fm);
  case MathKind::Tan:
    return (Value)math::TanOp::create(b, l, x, fm);
  case MathKind::Floor:
    return (Value)math::FloorOp::create(b, l, x, fm);
  case MathKind::Ceil:
    return (Value)math::CeilOp::create(b, l, x, fm);
  case MathKind::Round:
    return (Value)math::RoundOp::create(b, l, x, fm);
  case MathKind::Trunc:
    return (Value)math::TruncOp::create(b, l, x, fm);
  case MathKind::Rint:
    return (Value)math::RoundEvenOp::create(b, l, x, fm);
  case MathKind::Expm1:
    return (Value)math::ExpM1Op::create(b, l, x, fm);
  case MathKind::Log1p:
    return (Value)math::Log1pOp::create(b, l, x, fm);
  case MathKind::Cbrt:
    return (Value)math::CbrtOp::create(b, l, x, fm);
  case MathKind::Atan:
    return (Value)math::AtanOp::create(b, l, x, fm);
  case MathKind::Asin:
    return (Value)math::AsinOp::create(b, l, x, fm);
  case MathKind::Acos:
    return (Value)math::AcosOp::create(b, l, x, fm);
  case MathKind::Sinh:
    return (Value)math::SinhOp::create(b, l, x, fm);
  case MathKind::Cosh:
    return (Value)math::CoshOp::create(b, l, x, fm);
  case MathKind::Abs:
    return (Value)math::AbsFOp::create(b, l, x, fm);
  case MathKind::Pow:
    return (Value)math::PowFOp::create(b, l, x, a[1], fm);
  case MathKind::Atan2:
    return (Value)math::Atan2Op::create(b, l, x, a[1], fm);
  case MathKind::Max:
    return (Value)arith::MaxNumFOp::create(b, l, x, a[1], fm);
  case MathKind::Min:
    return (Value)arith::MinNumFOp::create(b, l, x, a[1], fm);
  case MathKind::CopySign:
    return (Value)math::CopySignOp::create(b, l, x, a[1], fm);
  case MathKind::Fmod:
    return (Value)arith::RemFOp::create(b, l, x, a[1], fm);
  case MathKind::Div:
    return (Value)arith::DivFOp::create(b, l, x, a[1], fm);
  case MathKind::Mul:
    return (Value)arith::MulFOp::create(b, l, x, a[1], fm);
  case MathKind::Add:
    return (Value)arith::AddFOp::create(b, l, x, a[1], fm);
  case MathKind::Sub:
    return (Value)arith::SubFOp::create(b, l, x, a[1], fm);
  case MathKind::Fma:
    return (Value)math::FmaOp::create(b, l, x, a[1], a[2], fm);
  case MathKind::Rcp:
    return (Value)arith::DivFOp::create(b, l, constFloat(t, 1.0, l), x, fm);
  case MathKind::Saturate: {
    Value lo = arith::MaxNumFOp::create(b, l, x, constFloat(t, 0.0, l));
    return (Value)arith::MinNumFOp::create(b, l, lo, constFloat(t, 1.0, l));
  }
  case MathKind::IsNan:
  case MathKind::IsInf:
  case MathKind::IsFinite: {
    Value r;
    if (k == MathKind::IsNan)
      r = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
    else
      r = arith::CmpFOp::create(
          b, l, k == MathKind::IsInf ? arith::CmpFPredicate::OEQ : arith::CmpFPredicate::ONE,
          math::AbsFOp::create(b, l, x), inf());
    return convert(r, ast.BoolTy, e->getType(), l);
  }
  default:
    break;
  }
  (void)cannotLift(e, "the call to '" + name + "'");
  return Value();
}

/// Shuffles a 32-bit value.
static Value shuffle32(Lifter &lf, Value v, Value off, Value width, gpu::ShuffleMode mode,
                       IntegerAttr maskAttr, Location l) {
  auto op = gpu::ShuffleOp::create(lf.b, l, v.getType(), lf.b.getI1Type(), v, off, width, mode);
  if (maskAttr)
    op->setAttr("kfix.mask", maskAttr);
  return op.getShuffleResult();
}

std::optional<Value> Lifter::emitWarpBuiltin(const cl::CallExpr *e, StringRef name) {
  Location l = loc(e);
  if (name == "__syncthreads") {
    gpu::BarrierOp::create(b, l);
    return voidValue;
  }
  if (name == "__syncwarp") {
    Value mask = e->getNumArgs() ? emitRValue(e->getArg(0)) : constInt(b.getI32Type(), -1, l);
    if (!mask)
      return Value();
    mask = convertScalar(mask, b.getI32Type(), true, true, l);
    NVVM::SyncWarpOp::create(b, l, mask);
    return voidValue;
  }
  std::optional<gpu::ShuffleMode> mode = llvm::StringSwitch<std::optional<gpu::ShuffleMode>>(name)
                                             .Case("__shfl_sync", gpu::ShuffleMode::IDX)
                                             .Case("__shfl_up_sync", gpu::ShuffleMode::UP)
                                             .Case("__shfl_down_sync", gpu::ShuffleMode::DOWN)
                                             .Case("__shfl_xor_sync", gpu::ShuffleMode::XOR)
                                             .Default(std::nullopt);
  std::optional<NVVM::VoteSyncKind> vote =
      llvm::StringSwitch<std::optional<NVVM::VoteSyncKind>>(name)
          .Case("__ballot_sync", NVVM::VoteSyncKind::ballot)
          .Case("__any_sync", NVVM::VoteSyncKind::any)
          .Case("__all_sync", NVVM::VoteSyncKind::all)
          .Default(std::nullopt);
  if (!mode && !vote)
    return std::nullopt;
  if (e->getNumArgs() < 2) {
    (void)cannotLift(e, "this call to '" + name + "'");
    return Value();
  }
  if (vote) {
    Value mask = emitRValue(e->getArg(0));
    Value pred = mask ? emitCond(e->getArg(1)) : Value();
    if (!pred)
      return Value();
    mask = convertScalar(mask, b.getI32Type(), true, true, l);
    Type rt = *vote == NVVM::VoteSyncKind::ballot ? (Type)b.getI32Type() : (Type)b.getI1Type();
    Value r = NVVM::VoteSyncOp::create(b, l, rt, mask, pred, *vote);
    return convertScalar(r, convertType(e->getType(), e->getExprLoc()), true,
                         isUnsignedInt(e->getType()), l);
  }
  // The mask: kept as an attribute when it is a constant other than all ones.
  IntegerAttr maskAttr;
  cl::Expr::EvalResult mr;
  if (!e->getArg(0)->isValueDependent() && e->getArg(0)->EvaluateAsInt(mr, ast)) {
    uint64_t m = mr.Val.getInt().getZExtValue() & 0xffffffffu;
    if (m != 0xffffffffu)
      maskAttr = b.getI64IntegerAttr(m);
  } else if (::mlir::failed(emitDiscarded(e->getArg(0)))) {
    return Value();
  }
  Value v = emitRValue(e->getArg(1));
  Value off = v ? emitRValue(e->getArg(2)) : Value();
  if (!off)
    return Value();
  off = convertScalar(off, b.getI32Type(), isUnsignedInt(e->getArg(2)->getType()), false, l);
  Value width;
  if (e->getNumArgs() > 3) {
    width = emitRValue(e->getArg(3));
    if (!width)
      return Value();
    width = convertScalar(width, b.getI32Type(), false, false, l);
  } else {
    width = constInt(b.getI32Type(), 32, l);
  }
  Value r =
      shuffleScalar(v, isUnsignedInt(e->getArg(1)->getType()), off, width, *mode, maskAttr, l);
  if (!r)
    (void)cannotLift(e, "a shuffle of this type");
  return r;
}

Value Lifter::shuffleScalar(Value v, bool u, Value off, Value width, gpu::ShuffleMode mode,
                            IntegerAttr maskAttr, Location l) {
  Type t = v.getType();
  if (t.isF32() || t.isInteger(32))
    return shuffle32(*this, v, off, width, mode, maskAttr, l);
  if (t.isF16() || t.isBF16()) {
    Value w = arith::ExtFOp::create(b, l, b.getF32Type(), v);
    Value s = shuffle32(*this, w, off, width, mode, maskAttr, l);
    return (Value)arith::TruncFOp::create(b, l, t, s);
  }
  if (t.isInteger(1) || t.isInteger(8) || t.isInteger(16)) {
    Value w = convertScalar(v, b.getI32Type(), u, u, l);
    Value s = shuffle32(*this, w, off, width, mode, maskAttr, l);
    return (Value)arith::TruncIOp::create(b, l, t, s);
  }
  if (t.isF64() || t.isInteger(64)) {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Value bits = t.isF64() ? (Value)arith::BitcastOp::create(b, l, i64, v) : v;
    Value lo = arith::TruncIOp::create(b, l, i32, bits);
    Value hi = arith::TruncIOp::create(b, l, i32,
                                       arith::ShRUIOp::create(b, l, bits, constInt(i64, 32, l)));
    Value slo = shuffle32(*this, lo, off, width, mode, maskAttr, l);
    Value shi = shuffle32(*this, hi, off, width, mode, maskAttr, l);
    Value r = arith::OrIOp::create(
        b, l, arith::ExtUIOp::create(b, l, i64, slo),
        arith::ShLIOp::create(b, l, arith::ExtUIOp::create(b, l, i64, shi), constInt(i64, 32, l)));
    return t.isF64() ? (Value)arith::BitcastOp::create(b, l, t, r) : r;
  }
  return {};
}

std::optional<Value> Lifter::emitAtomic(const cl::CallExpr *e, StringRef name) {
  if (!name.starts_with("atomic"))
    return std::nullopt;
  StringRef op = name.drop_front(6);
  for (StringRef suffix : {"_block", "_system"})
    op.consume_back(suffix);
  bool cas = op == "CAS";
  if (!llvm::is_contained({"Add", "Sub", "Max", "Min", "Exch", "And", "Or", "Xor", "CAS"}, op))
    return std::nullopt;
  Location l = loc(e);
  unsigned want = cas ? 3 : 2;
  if (e->getNumArgs() != want || !e->getArg(0)->getType()->isPointerType()) {
    (void)cannotLift(e, "this call to '" + name + "'");
    return Value();
  }
  FailureOr<Ptr> p = emitPointer(e->getArg(0));
  if (::mlir::failed(p))
    return Value();
  cl::QualType pointee = e->getArg(0)->getType()->getPointeeType();
  FailureOr<LValue> lv = deref(*p, pointee, e);
  if (::mlir::failed(lv))
    return Value();
  Type elem = cast<MemRefType>(lv->memref.getType()).getElementType();
  if (lv->valueType != elem) {
    (void)cannotLift(e, "an atomic on memory of another element type");
    return Value();
  }
  SmallVector<Value> idx;
  for (const Index &i : lv->indices)
    idx.push_back(toIndex(i, l));
  SmallVector<Value> a;
  for (unsigned i = 1; i < want; ++i) {
    Value v = emitRValue(e->getArg(i));
    if (!v)
      return Value();
    a.push_back(v);
  }
  if (cas) {
    auto rmw = memref::GenericAtomicRMWOp::create(b, l, lv->memref, idx);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(rmw.getBody());
    Value cur = rmw.getCurrentValue();
    Value eq = isa<FloatType>(elem)
                   ? (Value)arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, cur, a[0])
                   : (Value)arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, cur, a[0]);
    Value nv = arith::SelectOp::create(b, l, eq, a[1], cur);
    memref::AtomicYieldOp::create(b, l, nv);
    return (Value)rmw.getResult();
  }
  bool isF = isa<FloatType>(elem);
  bool u = isUnsignedInt(pointee);
  std::optional<arith::AtomicRMWKind> kind;
  Value v = a[0];
  if (op == "Add")
    kind = isF ? arith::AtomicRMWKind::addf : arith::AtomicRMWKind::addi;
  else if (op == "Sub" && !isF) {
    kind = arith::AtomicRMWKind::addi;
    v = arith::SubIOp::create(b, l, zeroOf(elem, l), v);
  } else if (op == "Max")
    kind = isF ? arith::AtomicRMWKind::maximumf
               : (u ? arith::AtomicRMWKind::maxu : arith::AtomicRMWKind::maxs);
  else if (op == "Min")
    kind = isF ? arith::AtomicRMWKind::minimumf
               : (u ? arith::AtomicRMWKind::minu : arith::AtomicRMWKind::mins);
  else if (op == "Exch")
    kind = arith::AtomicRMWKind::assign;
  else if (!isF && op == "And")
    kind = arith::AtomicRMWKind::andi;
  else if (!isF && op == "Or")
    kind = arith::AtomicRMWKind::ori;
  else if (!isF && op == "Xor")
    kind = arith::AtomicRMWKind::xori;
  if (!kind) {
    (void)cannotLift(e, "'" + name + "' on this type");
    return Value();
  }
  return (Value)memref::AtomicRMWOp::create(b, l, *kind, v, lv->memref, idx);
}

std::optional<Value> Lifter::emitBuiltin(const cl::CallExpr *e, StringRef name) {
  if (auto r = emitExtraMath(e, name))
    return r;
  if (auto r = emitMathBuiltin(e, name))
    return r;
  if (auto r = emitWarpBuiltin(e, name))
    return r;
  if (auto r = emitAtomic(e, name))
    return r;
  if (auto r = emitHalfBuiltin(e, name))
    return r;
  Location l = loc(e);
  if (name == "__ldg") {
    if (e->getNumArgs() != 1 || !e->getArg(0)->getType()->isPointerType()) {
      (void)cannotLift(e, "this call to '__ldg'");
      return Value();
    }
    FailureOr<Ptr> p = emitPointer(e->getArg(0));
    if (::mlir::failed(p))
      return Value();
    FailureOr<LValue> lv = deref(*p, e->getArg(0)->getType()->getPointeeType(), e);
    if (::mlir::failed(lv))
      return Value();
    return load(*lv, l);
  }
  if (name.starts_with("make_")) {
    Type t = convertType(e->getType(), e->getExprLoc());
    auto vt = dyn_cast_or_null<VectorType>(t);
    if (!vt || vt.getNumElements() != (int64_t)e->getNumArgs()) {
      (void)cannotLift(e, "the call to '" + name + "'");
      return Value();
    }
    SmallVector<Value> elems = emitArgs(e);
    if (elems.size() != e->getNumArgs())
      return Value();
    for (unsigned i = 0; i < elems.size(); ++i)
      elems[i] = convertScalar(elems[i], vt.getElementType(),
                               isUnsignedInt(e->getArg(i)->getType()), false, l);
    return (Value)vector::FromElementsOp::create(b, l, vt, elems);
  }
  std::optional<Type> bitcastTo =
      llvm::StringSwitch<std::optional<Type>>(name)
          .Cases({"__int_as_float", "__uint_as_float"}, (Type)b.getF32Type())
          .Cases({"__float_as_int", "__float_as_uint"}, (Type)b.getI32Type())
          .Case("__longlong_as_double", (Type)b.getF64Type())
          .Case("__double_as_longlong", (Type)b.getI64Type())
          .Default(std::nullopt);
  if (bitcastTo) {
    SmallVector<Value> a = emitArgs(e);
    if (a.size() != 1)
      return Value();
    return (Value)arith::BitcastOp::create(b, l, *bitcastTo, a[0]);
  }
  if (name == "__popc" || name == "__popcll" || name == "__clz" || name == "__clzll") {
    SmallVector<Value> a = emitArgs(e);
    if (a.size() != 1)
      return Value();
    Value r = name.starts_with("__popc") ? (Value)math::CtPopOp::create(b, l, a[0])
                                         : (Value)math::CountLeadingZerosOp::create(b, l, a[0]);
    return convertScalar(r, b.getI32Type(), true, false, l);
  }
  if (name == "__mul24" || name == "__umul24") {
    SmallVector<Value> a = emitArgs(e);
    if (a.size() != 2)
      return Value();
    return (Value)arith::MulIOp::create(b, l, a[0], a[1]);
  }
  return std::nullopt;
}
