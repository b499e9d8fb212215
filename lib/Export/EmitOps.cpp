//===- EmitOps.cpp - arith, math, gpu, vector and atomic expressions ------===//
#include "CudaEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace kfix::detail;

static bool hasAfn(Operation *op) {
  if (auto fm = op->getAttrOfType<arith::FastMathFlagsAttr>("fastmath"))
    return arith::bitEnumContainsAny(fm.getValue(), arith::FastMathFlags::afn);
  return false;
}

/// An integer literal spelled with the suffix that gives it exactly `bits`
/// and signedness (for overloaded calls such as max()).
static Expr exactInt(const Expr &e, unsigned bits, bool isUnsigned) {
  if (!e.isLiteral || e.type.kind != CKind::Int || e.text[0] == '(')
    return asInt(e, bits, isUnsigned);
  Expr r = e;
  r.type = intType(bits, isUnsigned);
  r.text += std::string(isUnsigned ? "u" : "") + (bits == 64 ? "LL" : "");
  if (bits < 32)
    return castTo(r, intType(bits, isUnsigned));
  return r;
}

static const char *kLanes[] = {"x", "y", "z", "w"};

FailureOr<Expr> FunctionEmitter::buildArith(Operation *op) {
  Location loc = op->getLoc();
  Type rt = op->getResult(0).getType();
  SmallVector<Expr, 3> args;
  for (Value v : op->getOperands()) {
    FailureOr<Expr> e = use(v);
    if (failed(e))
      return failure();
    args.push_back(*e);
  }
  FailureOr<CType> rtC = cType(rt, loc);
  if (failed(rtC))
    return failure();

  if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    // C++ evaluates one arm only; the IR evaluates both.
    for (int i = 1; i < 3; ++i) {
      if (args[i].effects || args[i].noDup) {
        materialize(op->getOperand(i));
        args[i] = values[op->getOperand(i)];
      }
    }
    Expr r = make(parenthesize(args[0], kLOr) + " ? " + parenthesize(args[1], kLOr) + " : " +
                      parenthesize(args[2], kLOr),
                  kCond, args[1].isLiteral ? args[2].type : args[1].type);
    for (const Expr &a : args)
      merge(r, a);
    if (r.type.kind == CKind::Int && r.type.bits != rtC->bits)
      r.type = *rtC;
    return r;
  }

  // Element-wise arithmetic on CUDA vector structs (float4 ...).
  if (auto vt = dyn_cast<VectorType>(rt)) {
    StringRef sym = llvm::TypeSwitch<Operation *, StringRef>(op)
                        .Case<arith::AddFOp, arith::AddIOp>([](auto) { return "+"; })
                        .Case<arith::SubFOp, arith::SubIOp>([](auto) { return "-"; })
                        .Case<arith::MulFOp, arith::MulIOp>([](auto) { return "*"; })
                        .Case<arith::DivFOp>([](auto) { return "/"; })
                        .Default([](auto) { return ""; });
    bool lowPair =
        (vt.getElementType().isF16() || vt.getElementType().isBF16()) && vt.getShape()[0] == 2;
    if (lowPair && args.size() == 2) {
      // __half2 / __nv_bfloat162: the paired intrinsics (the lifter maps them
      // back to the same op).
      StringRef fn = llvm::TypeSwitch<Operation *, StringRef>(op)
                         .Case<arith::AddFOp>([](auto) { return "__hadd2"; })
                         .Case<arith::SubFOp>([](auto) { return "__hsub2"; })
                         .Case<arith::MulFOp>([](auto) { return "__hmul2"; })
                         .Case<arith::DivFOp>([](auto) { return "__h2div"; })
                         .Case<arith::MaxNumFOp>([](auto) { return "__hmax2"; })
                         .Case<arith::MinNumFOp>([](auto) { return "__hmin2"; })
                         .Case<arith::MaximumFOp>([](auto) { return "__hmax2_nan"; })
                         .Case<arith::MinimumFOp>([](auto) { return "__hmin2_nan"; })
                         .Default([](auto) { return ""; });
      if (!fn.empty())
        return call(fn, {args[0], args[1]}, *rtC);
    }
    if (lowPair && isa<arith::NegFOp>(op))
      return call("__hneg2", {args[0]}, *rtC);
    if (sym.empty() || vt.getElementType().isF16() || vt.getElementType().isBF16() ||
        args.size() != 2)
      return op->emitError("cannot export '") << op->getName() << "' on " << rt << " to CUDA C++";
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      if (!isSimple(args[i])) {
        materialize(v);
        args[i] = values[v];
      }
    }
    std::string text = vectorMaker(*rtC) + "(";
    for (int64_t i = 0; i < vt.getShape()[0]; ++i)
      text += std::string(i ? ", " : "") + args[0].text + "." + kLanes[i] + " " + sym.str() + " " +
              args[1].text + "." + kLanes[i];
    return make(text + ")", kPostfix, *rtC);
  }

  // Floating point.
  if (isa<FloatType>(rt)) {
    bool low = rtC->isLowFloat();
    bool f64 = rt.isF64();
    auto fbin = [&](StringRef sym, StringRef hfn) -> Expr {
      if (low)
        return call(hfn, {args[0], args[1]}, *rtC);
      return binary(args[0], sym, args[1], sym == "+" || sym == "-" ? kAdd : kMul, *rtC);
    };
    if (isa<arith::AddFOp>(op))
      return fbin("+", "__hadd");
    if (isa<arith::SubFOp>(op))
      return fbin("-", "__hsub");
    if (isa<arith::MulFOp>(op))
      return fbin("*", "__hmul");
    if (isa<arith::DivFOp>(op)) {
      if (hasAfn(op) && rt.isF32())
        return call("__fdividef", {args[0], args[1]}, *rtC);
      return fbin("/", "__hdiv");
    }
    if (isa<arith::NegFOp>(op)) {
      if (low)
        return call("__hneg", {args[0]}, *rtC);
      Expr r = make(
          "-" + (args[0].text[0] == '-' ? "(" + args[0].text + ")" : parenthesize(args[0], kUnary)),
          kUnary, *rtC);
      merge(r, args[0]);
      return r;
    }
    if (isa<arith::RemFOp>(op)) {
      if (low)
        return op->emitError("cannot export 'arith.remf' on ") << rt << " to CUDA C++";
      return call(f64 ? "fmod" : "fmodf", {args[0], args[1]}, *rtC);
    }
    if (isa<arith::MaxNumFOp, arith::MinNumFOp>(op)) {
      bool mx = isa<arith::MaxNumFOp>(op);
      std::string fn =
          low ? (mx ? "__hmax" : "__hmin") : std::string(mx ? "fmax" : "fmin") + (f64 ? "" : "f");
      return call(fn, {args[0], args[1]}, *rtC);
    }
    if (isa<arith::MaximumFOp, arith::MinimumFOp>(op)) {
      bool mx = isa<arith::MaximumFOp>(op);
      if (low)
        return call(mx ? "__hmax_nan" : "__hmin_nan", {args[0], args[1]}, *rtC);
      if (f64)
        return op->emitError("cannot export '") << op->getName() << "' on f64";
      mod.helpers.insert(mx ? "kfix_fmaximumf" : "kfix_fminimumf");
      return call(mx ? "kfix_fmaximumf" : "kfix_fminimumf", {args[0], args[1]}, *rtC);
    }
    return op->emitError("cannot export '") << op->getName() << "' to CUDA C++";
  }

  // Booleans.
  if (rt.isInteger(1)) {
    // && and || skip their right operand; a collective or a side effect
    // there must run anyway.
    bool strict = args[1].effects || args[1].noDup;
    if (isa<arith::AndIOp>(op))
      return strict ? binary(args[0], "&", args[1], kBitAnd, boolType())
                    : binary(args[0], "&&", args[1], kLAnd, boolType());
    if (isa<arith::OrIOp>(op))
      return strict ? binary(args[0], "|", args[1], kBitOr, boolType())
                    : binary(args[0], "||", args[1], kLOr, boolType());
    if (isa<arith::XOrIOp>(op)) {
      for (int i = 0; i < 2; ++i) {
        if (args[i].isLiteral && args[i].text == "true") {
          Expr r = make("!" + parenthesize(args[1 - i], kUnary), kUnary, boolType());
          merge(r, args[1 - i]);
          return r;
        }
      }
      return binary(args[0], "!=", args[1], kEq, boolType());
    }
    return op->emitError("cannot export '") << op->getName() << "' on i1 to CUDA C++";
  }

  // Integers.
  unsigned w = widthOf(rt);
  auto signless = [&](StringRef sym, unsigned prec) -> Expr {
    Expr a = widen(args[0], w), b = widen(args[1], w);
    bool u = (!a.isLiteral && a.type.isUnsigned) || (!b.isLiteral && b.type.isUnsigned);
    if (prec == kShift)
      u = !a.isLiteral && a.type.isUnsigned;
    Expr r = binary(a, sym, b, prec, intType(std::max(w, 32u), u));
    if (w < 32)
      r = castTo(r, intType(w, u));
    return r;
  };
  auto typed = [&](StringRef sym, unsigned prec, bool u) -> Expr {
    Expr a = asInt(args[0], w, u);
    Expr b = prec == kShift ? args[1] : asInt(args[1], w, u);
    Expr r = binary(a, sym, b, prec, intType(std::max(w, 32u), u));
    if (w < 32)
      r = castTo(r, intType(w, u));
    return r;
  };
  if (isa<arith::AddIOp>(op))
    return signless("+", kAdd);
  if (isa<arith::SubIOp>(op))
    return signless("-", kAdd);
  if (isa<arith::MulIOp>(op))
    return signless("*", kMul);
  if (isa<arith::AndIOp>(op))
    return signless("&", kBitAnd);
  if (isa<arith::OrIOp>(op))
    return signless("|", kBitOr);
  if (isa<arith::XOrIOp>(op))
    return signless("^", kBitXor);
  if (isa<arith::ShLIOp>(op))
    return signless("<<", kShift);
  if (isa<arith::DivSIOp>(op))
    return typed("/", kMul, false);
  if (isa<arith::DivUIOp>(op))
    return typed("/", kMul, true);
  if (isa<arith::RemSIOp>(op))
    return typed("%", kMul, false);
  if (isa<arith::RemUIOp>(op))
    return typed("%", kMul, true);
  if (isa<arith::ShRSIOp>(op))
    return typed(">>", kShift, false);
  if (isa<arith::ShRUIOp>(op))
    return typed(">>", kShift, true);
  if (isa<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(op)) {
    bool u = isa<arith::MaxUIOp, arith::MinUIOp>(op);
    bool mx = isa<arith::MaxSIOp, arith::MaxUIOp>(op);
    unsigned cw = std::max(w, 32u);
    Expr r = call(mx ? "max" : "min", {exactInt(args[0], cw, u), exactInt(args[1], cw, u)},
                  intType(cw, u));
    return w < 32 ? castTo(r, intType(w, u)) : r;
  }
  return op->emitError("cannot export '") << op->getName() << "' to CUDA C++";
}

FailureOr<Expr> FunctionEmitter::buildMath(Operation *op) {
  Location loc = op->getLoc();
  Type rt = op->getResult(0).getType();
  SmallVector<Expr, 3> args;
  for (Value v : op->getOperands()) {
    FailureOr<Expr> e = use(v);
    if (failed(e))
      return failure();
    args.push_back(*e);
  }
  FailureOr<CType> rtC = cType(rt, loc);
  if (failed(rtC))
    return failure();
  StringRef name = op->getName().stripDialect();
  if (auto vt = dyn_cast<VectorType>(rt);
      vt && !vt.getElementType().isF32() && !vt.getElementType().isF64()) {
    // __half2 / __nv_bfloat162: the paired intrinsics the lifter reads back.
    std::string fn = llvm::StringSwitch<std::string>(name)
                         .Case("fma", "__hfma2")
                         .Case("absf", "__habs2")
                         .Case("exp", "h2exp")
                         .Case("exp2", "h2exp2")
                         .Case("log", "h2log")
                         .Case("log2", "h2log2")
                         .Case("sqrt", "h2sqrt")
                         .Case("rsqrt", "h2rsqrt")
                         .Case("sin", "h2sin")
                         .Case("cos", "h2cos")
                         .Case("floor", "h2floor")
                         .Case("ceil", "h2ceil")
                         .Case("trunc", "h2trunc")
                         .Case("roundeven", "h2rint")
                         .Default("");
    if (fn.empty() || vt.getShape()[0] != 2 ||
        !(vt.getElementType().isF16() || vt.getElementType().isBF16()))
      return op->emitError("cannot export '") << op->getName() << "' on " << rt;
    return call(fn, args, *rtC);
  }
  if (rtC->kind == CKind::Int) {
    unsigned w = widthOf(rt);
    std::string fn = llvm::StringSwitch<std::string>(name)
                         .Case("absi", w == 64 ? "llabs" : "abs")
                         .Case("ctlz", w == 64 ? "__clzll" : "__clz")
                         .Case("ctpop", w == 64 ? "__popcll" : "__popc")
                         .Default("");
    if (fn.empty() || w < 32)
      return op->emitError("cannot export '") << op->getName() << "' on " << rt;
    Expr r = call(fn, {asInt(args[0], w, name != "absi")}, intType(32, false));
    return w == 64 ? castTo(r, intType(64, false)) : r;
  }
  auto floatVector = dyn_cast<VectorType>(rt);
  if (rtC->kind == CKind::Vector && !(floatVector && (floatVector.getElementType().isF32() ||
                                                      floatVector.getElementType().isF64())))
    return op->emitError("cannot export '") << op->getName() << "' on " << rt;
  // f32 spelling; f64 drops the suffix, fast (afn) variants where CUDA has them.
  std::string f32 = llvm::StringSwitch<std::string>(name)
                        .Case("exp", "expf")
                        .Case("exp2", "exp2f")
                        .Case("expm1", "expm1f")
                        .Case("log", "logf")
                        .Case("log2", "log2f")
                        .Case("log10", "log10f")
                        .Case("log1p", "log1pf")
                        .Case("sqrt", "sqrtf")
                        .Case("rsqrt", "rsqrtf")
                        .Case("cbrt", "cbrtf")
                        .Case("tanh", "tanhf")
                        .Case("sinh", "sinhf")
                        .Case("cosh", "coshf")
                        .Case("sin", "sinf")
                        .Case("cos", "cosf")
                        .Case("tan", "tanf")
                        .Case("asin", "asinf")
                        .Case("acos", "acosf")
                        .Case("atan", "atanf")
                        .Case("atan2", "atan2f")
                        .Case("erf", "erff")
                        .Case("erfc", "erfcf")
                        .Case("powf", "powf")
                        .Case("absf", "fabsf")
                        .Case("fma", "fmaf")
                        .Case("ceil", "ceilf")
                        .Case("floor", "floorf")
                        .Case("round", "roundf")
                        .Case("roundeven", "rintf")
                        .Case("trunc", "truncf")
                        .Case("copysign", "copysignf")
                        .Case("asinh", "asinhf")
                        .Case("acosh", "acoshf")
                        .Case("atanh", "atanhf")
                        .Default("");
  if (f32.empty())
    return op->emitError("cannot export '") << op->getName() << "' to CUDA C++";
  if (rtC->kind == CKind::Vector) {
    // float2/float4 (double2 ...): the scalar function lane by lane, as the
    // element-wise arithmetic above (make_float2(fmaf(a.x, b.x, c.x), ...)).
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      if (!isSimple(args[i])) {
        materialize(v);
        args[i] = values[v];
      }
    }
    StringRef fn =
        floatVector.getElementType().isF64() ? StringRef(f32).drop_back() : StringRef(f32);
    std::string text = vectorMaker(*rtC) + "(";
    for (int64_t i = 0; i < floatVector.getShape()[0]; ++i) {
      text += std::string(i ? ", " : "") + fn.str() + "(";
      for (size_t a = 0; a < args.size(); ++a)
        text += std::string(a ? ", " : "") + args[a].text + "." + kLanes[i];
      text += ")";
    }
    return make(text + ")", kPostfix, *rtC);
  }
  if (rt.isF32()) {
    if (hasAfn(op)) {
      std::string fast = llvm::StringSwitch<std::string>(name)
                             .Case("exp", "__expf")
                             .Case("log", "__logf")
                             .Case("log2", "__log2f")
                             .Case("log10", "__log10f")
                             .Case("sin", "__sinf")
                             .Case("cos", "__cosf")
                             .Case("tan", "__tanf")
                             .Case("powf", "__powf")
                             .Default(f32);
      return call(fast, args, *rtC);
    }
    return call(f32, args, *rtC);
  }
  if (rt.isF64())
    return call(StringRef(f32).drop_back(), args, *rtC);
  // __half / __nv_bfloat16: the cuda_fp16/cuda_bf16 intrinsic, else via float.
  std::string h = llvm::StringSwitch<std::string>(name)
                      .Case("exp", "hexp")
                      .Case("exp2", "hexp2")
                      .Case("log", "hlog")
                      .Case("log2", "hlog2")
                      .Case("log10", "hlog10")
                      .Case("sqrt", "hsqrt")
                      .Case("rsqrt", "hrsqrt")
                      .Case("sin", "hsin")
                      .Case("cos", "hcos")
                      .Case("tanh", "htanh")
                      .Case("ceil", "hceil")
                      .Case("floor", "hfloor")
                      .Case("trunc", "htrunc")
                      .Case("roundeven", "hrint")
                      .Case("absf", "__habs")
                      .Case("fma", "__hfma")
                      .Default("");
  if (!h.empty())
    return call(h, args, *rtC);
  bool half = rtC->kind == CKind::Half;
  FailureOr<CType> fT = cType(Float32Type::get(op->getContext()), loc);
  SmallVector<Expr> fargs;
  for (const Expr &a : args)
    fargs.push_back(call(half ? "__half2float" : "__bfloat162float", {a}, *fT));
  return call(half ? "__float2half" : "__float2bfloat16", {call(f32, fargs, *fT)}, *rtC);
}

/// Renders a warp mask: constants in hex.
static FailureOr<Expr> maskExpr(FunctionEmitter &, Value mask,
                                function_ref<FailureOr<Expr>(Value)> use) {
  APInt c;
  if (matchPattern(mask, m_ConstantInt(&c))) {
    // The mask's defining constant may have no other use: consume it.
    (void)use(mask);
    return make("0x" + llvm::utohexstr(c.getZExtValue() & 0xffffffffu, true) + "u", kPrimary,
                intType(32, true));
  }
  return use(mask);
}

FailureOr<Expr> FunctionEmitter::buildGpu(Operation *op) {
  Location loc = op->getLoc();
  CType u32 = intType(32, true);
  auto dim = [](gpu::Dimension d) { return std::string(gpu::stringifyDimension(d)); };
  if (auto o = dyn_cast<gpu::ThreadIdOp>(op))
    return make("threadIdx." + dim(o.getDimension()), kPostfix, u32);
  if (auto o = dyn_cast<gpu::BlockIdOp>(op))
    return make("blockIdx." + dim(o.getDimension()), kPostfix, u32);
  if (auto o = dyn_cast<gpu::BlockDimOp>(op))
    return make("blockDim." + dim(o.getDimension()), kPostfix, u32);
  if (auto o = dyn_cast<gpu::GridDimOp>(op))
    return make("gridDim." + dim(o.getDimension()), kPostfix, u32);
  if (auto o = dyn_cast<gpu::GlobalIdOp>(op)) {
    std::string d = dim(o.getDimension());
    return make("blockIdx." + d + " * blockDim." + d + " + threadIdx." + d, kAdd, u32);
  }
  if (isa<gpu::LaneIdOp>(op)) {
    mod.helpers.insert("kfix_lane_id");
    return make("kfix_lane_id()", kPostfix, u32);
  }
  auto useFn = [&](Value v) { return use(v); };
  if (auto sh = dyn_cast<gpu::ShuffleOp>(op)) {
    Expr mask = make("0xffffffffu", kPrimary, u32);
    if (auto m = op->getAttrOfType<IntegerAttr>("kfix.mask")) {
      mask.text = "0x" + llvm::utohexstr(m.getValue().getZExtValue() & 0xffffffffu, true) + "u";
    }
    FailureOr<Expr> v = use(sh.getValue()), off = use(sh.getOffset()), width = use(sh.getWidth());
    if (failed(v) || failed(off) || failed(width))
      return failure();
    FailureOr<CType> t = cType(sh.getValue().getType(), loc);
    if (failed(t))
      return failure();
    std::string fn = llvm::StringSwitch<std::string>(gpu::stringifyShuffleMode(sh.getMode()))
                         .Case("xor", "__shfl_xor_sync")
                         .Case("down", "__shfl_down_sync")
                         .Case("up", "__shfl_up_sync")
                         .Default("__shfl_sync");
    SmallVector<Expr> args = {mask, *v, *off};
    APInt w;
    if (!matchPattern(sh.getWidth(), m_ConstantInt(&w)) || w != 32)
      args.push_back(*width);
    Expr r = call(fn, args, v->type);
    r.noDup = true;
    return r;
  }
  if (auto vote = dyn_cast<NVVM::VoteSyncOp>(op)) {
    FailureOr<Expr> mask = maskExpr(*this, vote.getMask(), useFn);
    FailureOr<Expr> pred = use(vote.getPred());
    if (failed(mask) || failed(pred))
      return failure();
    Expr r;
    switch (vote.getKind()) {
    case NVVM::VoteSyncKind::ballot:
      r = call("__ballot_sync", {*mask, *pred}, u32);
      break;
    case NVVM::VoteSyncKind::any:
      r = call("__any_sync", {*mask, *pred}, boolType());
      break;
    case NVVM::VoteSyncKind::all:
      r = call("__all_sync", {*mask, *pred}, boolType());
      break;
    case NVVM::VoteSyncKind::uni:
      r = call("__uni_sync", {*mask, *pred}, boolType());
      break;
    }
    r.noDup = true;
    return r;
  }
  return op->emitError("cannot export '") << op->getName() << "' to CUDA C++";
}

FailureOr<Expr> FunctionEmitter::buildVector(Operation *op) {
  Location loc = op->getLoc();
  if (auto load = dyn_cast<vector::LoadOp>(op)) {
    Expr e;
    FailureOr<std::string> text =
        vectorAccess(load.getBase(), load.getIndices(), load.getVectorType(),
                     /*isStore=*/false, e);
    if (failed(text))
      return failure();
    e.text = *text;
    return e;
  }
  auto simple = [&](Value v) -> FailureOr<Expr> {
    FailureOr<Expr> e = use(v);
    if (failed(e) || isSimple(*e) || e->isLiteral)
      return e;
    materialize(v);
    return values[v];
  };
  if (auto ex = dyn_cast<vector::ExtractOp>(op)) {
    ArrayRef<int64_t> pos = ex.getStaticPosition();
    if (pos.size() != 1 || ShapedType::isDynamic(pos[0]) || pos[0] > 3 ||
        !ex.getDynamicPosition().empty())
      return op->emitError("cannot export a 'vector.extract' at a dynamic or "
                           "multi-dimensional position");
    FailureOr<Expr> v = use(ex.getSource());
    FailureOr<CType> t = cType(ex.getType(), loc);
    if (failed(v) || failed(t))
      return failure();
    Expr r = make(parenthesize(*v, kPostfix) + "." + kLanes[pos[0]], kPostfix, *t);
    merge(r, *v);
    return r;
  }
  if (auto ins = dyn_cast<vector::InsertOp>(op)) {
    ArrayRef<int64_t> pos = ins.getStaticPosition();
    if (pos.size() != 1 || ShapedType::isDynamic(pos[0]) || !ins.getDynamicPosition().empty())
      return op->emitError("cannot export a 'vector.insert' at a dynamic or "
                           "multi-dimensional position");
    FailureOr<Expr> s = use(ins.getValueToStore());
    FailureOr<Expr> v = simple(ins.getDest());
    FailureOr<CType> t = cType(ins.getType(), loc);
    if (failed(s) || failed(v) || failed(t))
      return failure();
    std::string text = vectorMaker(*t) + "(";
    for (int64_t i = 0; i < ins.getDestVectorType().getShape()[0]; ++i)
      text += std::string(i ? ", " : "") + (i == pos[0] ? s->text : v->text + "." + kLanes[i]);
    Expr r = make(text + ")", kPostfix, *t);
    merge(r, *s);
    return r;
  }
  if (isa<vector::BroadcastOp, vector::FromElementsOp>(op)) {
    auto vt = cast<VectorType>(op->getResult(0).getType());
    FailureOr<CType> t = cType(vt, loc);
    if (failed(t))
      return failure();
    SmallVector<Expr> elts;
    if (isa<vector::BroadcastOp>(op)) {
      if (isa<VectorType>(op->getOperand(0).getType()))
        return op->emitError("cannot export a vector-to-vector 'vector.broadcast'");
      FailureOr<Expr> s = simple(op->getOperand(0));
      if (failed(s))
        return failure();
      elts.assign(vt.getShape()[0], *s);
    } else {
      for (Value v : op->getOperands()) {
        FailureOr<Expr> s = use(v);
        if (failed(s))
          return failure();
        elts.push_back(*s);
      }
    }
    return call(vectorMaker(*t), elts, *t);
  }
  return op->emitError("cannot export '") << op->getName() << "' to CUDA C++";
}
