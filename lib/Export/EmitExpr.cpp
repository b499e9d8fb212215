//===- EmitExpr.cpp - SSA values as C++ expressions -----------------------===//
#include "CudaEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace kfix::detail;

namespace kfix::detail {

Expr make(std::string text, unsigned prec, CType type) {
  Expr e;
  e.text = std::move(text);
  e.prec = prec;
  e.type = std::move(type);
  return e;
}

void merge(Expr &dst, const Expr &src) {
  dst.effects |= src.effects;
  dst.noDup |= src.noDup;
  for (Value r : src.reads)
    if (!llvm::is_contained(dst.reads, r))
      dst.reads.push_back(r);
}

CType intType(unsigned bits, bool isUnsigned) {
  CType t;
  t.kind = CKind::Int;
  t.bits = bits;
  t.isUnsigned = isUnsigned;
  switch (bits) {
  case 8:
    t.name = isUnsigned ? "unsigned char" : "signed char";
    break;
  case 16:
    t.name = isUnsigned ? "unsigned short" : "short";
    break;
  case 64:
    t.name = isUnsigned ? "unsigned long long" : "long long";
    break;
  default:
    t.name = isUnsigned ? "unsigned" : "int";
  }
  return t;
}

CType boolType() {
  CType t;
  t.kind = CKind::Bool;
  t.bits = 1;
  t.name = "bool";
  return t;
}

unsigned widthOf(Type t) {
  if (t.isIndex())
    return 64;
  return t.getIntOrFloatBitWidth();
}

/// A C-style cast of `e` to `t`.
Expr castTo(const Expr &e, const CType &t) {
  Expr r = make("(" + t.name + ")" + parenthesize(e, kUnary), kUnary, t);
  merge(r, e);
  return r;
}

/// `e` as a `bits`-wide integer of the given signedness. Literals are left to
/// C++'s conversions; a narrower value is widened by its own signedness first,
/// which is how the exporter carries `index` values.
Expr asInt(const Expr &e, unsigned bits, bool wantUnsigned) {
  if (e.isLiteral && e.type.kind == CKind::Int && e.text[0] != '(')
    return e;
  if (e.type.kind == CKind::Int && e.type.bits == bits && e.type.isUnsigned == wantUnsigned)
    return e;
  if (e.type.kind == CKind::Bool && bits == 1)
    return e;
  return castTo(e, intType(bits, wantUnsigned));
}

/// `e` as a `bits`-wide integer keeping its signedness (for signless ops).
Expr widen(const Expr &e, unsigned bits) {
  if (e.type.kind != CKind::Int || e.isLiteral || e.type.bits >= bits)
    return e;
  return castTo(e, intType(bits, e.type.isUnsigned));
}

Expr binary(const Expr &a, StringRef op, const Expr &b, unsigned prec, CType type) {
  // Parenthesize mixes that compilers warn about (`a & b == c`, `a && b || c`).
  bool bitwise = prec == kBitAnd || prec == kBitOr || prec == kBitXor || prec == kShift;
  bool logical = prec == kLAnd || prec == kLOr;
  unsigned lmin = prec, rmin = prec + 1;
  if (bitwise) {
    lmin = a.prec == prec ? prec : kUnary;
    rmin = kUnary;
  } else if (logical) {
    lmin = a.prec == prec ? prec : kBitOr;
    rmin = kBitOr;
  }
  Expr r = make(parenthesize(a, lmin) + " " + op.str() + " " + parenthesize(b, rmin), prec, type);
  merge(r, a);
  merge(r, b);
  return r;
}

Expr call(StringRef fn, ArrayRef<Expr> args, CType type) {
  std::string text = fn.str() + "(";
  for (auto [i, a] : llvm::enumerate(args))
    text += (i ? ", " : "") + a.text;
  Expr r = make(text + ")", kPostfix, type);
  for (const Expr &a : args)
    merge(r, a);
  return r;
}

bool isSimple(const Expr &e) { return e.prec == kPrimary && !e.effects; }

} // namespace kfix::detail

//===----------------------------------------------------------------------===//
// Values: inlining, temporaries, deferred reads.
//===----------------------------------------------------------------------===//

FailureOr<Expr> FunctionEmitter::use(Value v) {
  auto it = values.find(v);
  if (it == values.end()) {
    Location loc = v.getDefiningOp() ? v.getDefiningOp()->getLoc() : func.getLoc();
    return emitError(loc) << "kfix export: value used before it has an expression";
  }
  if (v.hasOneUse()) {
    for (auto &scope : llvm::reverse(pending)) {
      auto *pos = llvm::find(scope, v);
      if (pos != scope.end()) {
        scope.erase(pos);
        break;
      }
    }
  }
  return it->second;
}

void FunctionEmitter::materialize(Value v) {
  Expr &e = values[v];
  std::string name = freshTemp();
  line((e.type.kind == CKind::Vector ? "" : "const ") + e.type.name + " " + name + " = " + e.text +
       ";");
  Expr named = make(name, kPrimary, e.type);
  values[v] = named;
  for (auto &scope : pending)
    llvm::erase(scope, v);
}

/// Whether `user` sits in a loop nested in `block` (below `block`'s level).
static bool isInLoopBelow(Operation *user, Block *block) {
  Operation *top = block->findAncestorOpInBlock(*user);
  for (Operation *op = user; op && op != top;) {
    op = op->getParentOp();
    if (isa_and_nonnull<scf::ForOp, scf::WhileOp>(op))
      return true;
  }
  return false;
}

void FunctionEmitter::define(Value v, Expr e) {
  if (v.use_empty() && !e.effects)
    return;
  values[v] = e;
  if (e.isLiteral || (e.prec == kPrimary && !e.effects && e.reads.empty()))
    return;
  if (!options.inlineExpressions || v.use_empty()) {
    materialize(v);
    return;
  }
  Operation *user = v.hasOneUse() ? *v.getUsers().begin() : nullptr;
  bool sameBlock = user && user->getBlock() == v.getParentBlock();
  bool noDup = e.effects || !e.reads.empty() || e.noDup;
  if (!noDup) {
    // Pure: inline at its single use, or copy a short expression.
    if (!user && e.text.size() > 40)
      materialize(v);
    // Computed before a loop and used inside it: keep it out of the loop
    // (as the C++ it came from did), unless it is a trivial expression.
    else if (user && e.prec <= kMul && isInLoopBelow(user, v.getParentBlock()))
      materialize(v);
    return;
  }
  // A local variable read several times: `acc` at each use, until something
  // writes it (flushFor then binds the old value to a temporary).
  bool localRead =
      !user && e.prec == kPrimary && !e.effects && !e.noDup && e.reads.size() == 1 &&
      e.reads[0].getDefiningOp() && isa<memref::AllocaOp>(e.reads[0].getDefiningOp()) &&
      llvm::all_of(v.getUsers(),
                   [&](Operation *u) { return v.getParentBlock()->findAncestorOpInBlock(*u); });
  if (!sameBlock && !localRead) {
    materialize(v);
    return;
  }
  if (e.effects)
    flushAll();
  else
    for (Value p : SmallVector<Value>(pending.back()))
      if (values[p].effects)
        materialize(p);
  if (!e.reads.empty() || e.effects)
    pending.back().push_back(v);
}

void FunctionEmitter::flushAll() {
  for (Value p : SmallVector<Value>(pending.back()))
    materialize(p);
}

namespace {
/// Memory roots `op` (and its regions) may write; `all` for barriers and ops
/// of unknown effect.
struct Writes {
  bool all = false;
  SmallVector<Value> roots;
};

void collectWrites(Operation *op, Writes &w) {
  op->walk([&](Operation *nested) {
    if (isa<gpu::BarrierOp, NVVM::SyncWarpOp, gpu::PrintfOp>(nested)) {
      w.all = true;
      return;
    }
    if (isa<memref::AllocaOp>(nested))
      return;
    if (auto st = dyn_cast<memref::StoreOp>(nested))
      return w.roots.push_back(getRoot(st.getMemref()));
    if (auto st = dyn_cast<vector::StoreOp>(nested))
      return w.roots.push_back(getRoot(st.getBase()));
    if (auto rmw = dyn_cast<memref::AtomicRMWOp>(nested))
      return w.roots.push_back(getRoot(rmw.getMemref()));
    if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(nested))
      return w.roots.push_back(getRoot(rmw.getMemref()));
    if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    auto iface = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!iface) {
      w.all = true;
      return;
    }
    if (iface.hasEffect<MemoryEffects::Write>() || iface.hasEffect<MemoryEffects::Free>())
      w.all = true;
  });
}
} // namespace

void FunctionEmitter::flushFor(Operation *op) {
  Writes w;
  collectWrites(op, w);
  for (Value p : SmallVector<Value>(pending.back())) {
    const Expr &e = values[p];
    bool clobbered = e.effects || w.all;
    for (Value r : e.reads)
      for (Value root : w.roots)
        clobbered |= mayAlias(r, root);
    if (clobbered)
      materialize(p);
  }
}

//===----------------------------------------------------------------------===//
// Expression ops.
//===----------------------------------------------------------------------===//

bool FunctionEmitter::isExprOp(Operation *op) {
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return true;
  if (auto dimOp = dyn_cast<memref::DimOp>(op))
    return accessorArgs.contains(dimOp.getSource());
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return ifOp->getNumResults() == 1;
  return isa<memref::LoadOp, vector::LoadOp, vector::ExtractOp, vector::InsertOp,
             vector::BroadcastOp, vector::FromElementsOp, gpu::ThreadIdOp, gpu::BlockIdOp,
             gpu::BlockDimOp, gpu::GridDimOp, gpu::LaneIdOp, gpu::GlobalIdOp, gpu::ShuffleOp,
             NVVM::VoteSyncOp, memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op);
}

LogicalResult FunctionEmitter::emitExprOp(Operation *op) {
  if (auto sh = dyn_cast<gpu::ShuffleOp>(op))
    if (!sh.getValid().use_empty())
      return op->emitError("cannot export the validity result of gpu.shuffle "
                           "(CUDA's __shfl_*_sync has none)");
  FailureOr<Expr> e = buildExpr(op);
  if (failed(e))
    return failure();
  Value result = op->getResult(0);
  if (result.use_empty() && e->effects) {
    flushFor(op);
    locComment(op);
    line(e->text + ";");
    return success();
  }
  define(result, *e);
  return success();
}

FailureOr<Expr> FunctionEmitter::buildExpr(Operation *op) {
  Location loc = op->getLoc();
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    return literal(c.getValue(), c.getType(), loc);
  if (isa<arith::CmpIOp, arith::CmpFOp>(op))
    return buildCmp(op);
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
          arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::UIToFPOp, arith::FPToSIOp,
          arith::FPToUIOp, arith::BitcastOp>(op))
    return buildCast(op);
  if (isa<arith::ArithDialect>(op->getDialect()))
    return buildArith(op);
  if (isa<math::MathDialect>(op->getDialect()))
    return buildMath(op);
  // `a.size(d)` of a tensor accessor argument.
  if (auto dimOp = dyn_cast<memref::DimOp>(op)) {
    std::optional<int64_t> d = getConstantIntValue(dimOp.getIndex());
    auto it = memNames.find(dimOp.getSource());
    if (d && it != memNames.end() && accessorArgs.contains(dimOp.getSource())) {
      FailureOr<CType> t = cType(dimOp.getType(), op->getLoc());
      if (failed(t))
        return failure();
      return make(it->second + ".size(" + std::to_string(*d) + ")", kPostfix, *t);
    }
  }
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    Expr e;
    FailureOr<std::string> text = access(load.getMemref(), load.getIndices(), e);
    if (failed(text))
      return failure();
    e.text = *text;
    e.prec = kPostfix;
    if (e.text.find('[') == std::string::npos)
      e.prec = kPrimary;
    return e;
  }
  if (isa<vector::VectorDialect>(op->getDialect()))
    return buildVector(op);
  if (isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op))
    return buildAtomic(op);
  if (isa<scf::IfOp>(op))
    return buildTernary(op);
  return buildGpu(op);
}

/// `memref.dim %p, 0` of a kernel argument (a pointer parameter).
static bool isParamSize(Value v, gpu::GPUFuncOp func) {
  auto dim = v.getDefiningOp<memref::DimOp>();
  if (!dim)
    return false;
  auto arg = dyn_cast<BlockArgument>(dim.getSource());
  std::optional<int64_t> d = getConstantIntValue(dim.getIndex());
  return arg && arg.getOwner() == &func.getBody().front() &&
         arg.getArgNumber() < func.getNumArguments() && d == 0 &&
         cast<MemRefType>(arg.getType()).getRank() == 1;
}

Value kfix::detail::nullTestedParam(Operation *op, gpu::GPUFuncOp func, bool &isNull) {
  auto cmp = dyn_cast<arith::CmpIOp>(op);
  if (!cmp || (cmp.getPredicate() != arith::CmpIPredicate::eq &&
               cmp.getPredicate() != arith::CmpIPredicate::ne))
    return {};
  for (int k = 0; k < 2; ++k) {
    Value size = cmp->getOperand(k), other = cmp->getOperand(1 - k);
    if (isParamSize(size, func) && getConstantIntValue(other) == 0) {
      isNull = cmp.getPredicate() == arith::CmpIPredicate::eq;
      return size.getDefiningOp<memref::DimOp>().getSource();
    }
  }
  return {};
}

FailureOr<Expr> FunctionEmitter::buildCmp(Operation *op) {
  // A kernel parameter's size against 0: the lifted null test (`bias != nullptr`).
  bool isNull = false;
  if (Value p = nullTestedParam(op, func, isNull)) {
    FailureOr<std::string> name = memrefName(p, op->getLoc());
    if (failed(name))
      return failure();
    return make(*name + (isNull ? " == nullptr" : " != nullptr"), kEq, boolType());
  }
  FailureOr<Expr> a = use(op->getOperand(0)), b = use(op->getOperand(1));
  if (failed(a) || failed(b))
    return failure();
  Type t = op->getOperand(0).getType();
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    using P = arith::CmpIPredicate;
    P p = cmp.getPredicate();
    unsigned w = widthOf(t);
    StringRef sym = llvm::StringSwitch<StringRef>(arith::stringifyCmpIPredicate(p))
                        .Cases({"slt", "ult"}, "<")
                        .Cases({"sle", "ule"}, "<=")
                        .Cases({"sgt", "ugt"}, ">")
                        .Cases({"sge", "uge"}, ">=")
                        .Case("eq", "==")
                        .Default("!=");
    unsigned prec = (p == P::eq || p == P::ne) ? kEq : kRel;
    Expr x = *a, y = *b;
    if (w > 1) {
      if (p == P::eq || p == P::ne) {
        x = widen(x, w);
        y = widen(y, w);
      } else {
        bool u = p == P::ult || p == P::ule || p == P::ugt || p == P::uge;
        x = asInt(x, w, u);
        y = asInt(y, w, u);
      }
    }
    return binary(x, sym, y, prec, boolType());
  }
  auto cmp = cast<arith::CmpFOp>(op);
  using P = arith::CmpFPredicate;
  P p = cmp.getPredicate();
  std::string pred = arith::stringifyCmpFPredicate(p).str();
  if (p == P::AlwaysTrue || p == P::AlwaysFalse)
    return make(p == P::AlwaysTrue ? "true" : "false", kPrimary, boolType());
  if (a->type.isLowFloat()) {
    if (p == P::ORD || p == P::UNO) {
      Expr r = make(p == P::ORD ? "!__hisnan(" + a->text + ") && !__hisnan(" + b->text + ")"
                                : "__hisnan(" + a->text + ") || __hisnan(" + b->text + ")",
                    p == P::ORD ? kLAnd : kLOr, boolType());
      merge(r, *a);
      merge(r, *b);
      return r;
    }
    std::string fn = llvm::StringSwitch<std::string>(pred)
                         .Case("oeq", "__heq")
                         .Case("one", "__hne")
                         .Case("olt", "__hlt")
                         .Case("ole", "__hle")
                         .Case("ogt", "__hgt")
                         .Case("oge", "__hge")
                         .Case("ueq", "__hequ")
                         .Case("une", "__hneu")
                         .Case("ult", "__hltu")
                         .Case("ule", "__hleu")
                         .Case("ugt", "__hgtu")
                         .Default("__hgeu");
    return call(fn, {*a, *b}, boolType());
  }
  if (a->type.kind != CKind::Float)
    return op->emitError("cannot export a comparison of ") << t << " to CUDA C++";
  switch (p) {
  case P::OEQ:
    return binary(*a, "==", *b, kEq, boolType());
  case P::UNE:
    return binary(*a, "!=", *b, kEq, boolType());
  case P::OLT:
    return binary(*a, "<", *b, kRel, boolType());
  case P::OLE:
    return binary(*a, "<=", *b, kRel, boolType());
  case P::OGT:
    return binary(*a, ">", *b, kRel, boolType());
  case P::OGE:
    return binary(*a, ">=", *b, kRel, boolType());
  case P::UGE:
  case P::UGT:
  case P::ULE:
  case P::ULT: {
    StringRef inv = p == P::UGE ? "<" : p == P::UGT ? "<=" : p == P::ULE ? ">" : ">=";
    Expr r = binary(*a, inv, *b, kRel, boolType());
    r.text = "!(" + r.text + ")";
    r.prec = kUnary;
    return r;
  }
  default:
    break;
  }
  // one/ueq/ord/uno use each operand twice.
  if (!isSimple(*a) || !isSimple(*b))
    return op->emitError("cannot export 'arith.cmpf ") << pred << "' on compound operands";
  mod.needMath = true;
  std::string x = a->text, y = b->text;
  std::string text =
      llvm::StringSwitch<std::string>(pred)
          .Case("one", "(" + x + " < " + y + " || " + x + " > " + y + ")")
          .Case("ueq", "!(" + x + " < " + y + " || " + x + " > " + y + ")")
          .Case("ord", "(!isnan(" + x + ") && !isnan(" + y + "))")
          .Default(x == y ? "isnan(" + x + ")" : "(isnan(" + x + ") || isnan(" + y + "))");
  return make(text, text[0] == '!' ? kUnary : kPrimary, boolType());
}

FailureOr<Expr> FunctionEmitter::buildCast(Operation *op) {
  Location loc = op->getLoc();
  FailureOr<Expr> in = use(op->getOperand(0));
  if (failed(in))
    return failure();
  Type from = op->getOperand(0).getType(), to = op->getResult(0).getType();
  Expr x = *in;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op)) {
    bool u = isa<arith::IndexCastUIOp>(op);
    unsigned fw = widthOf(from), tw = widthOf(to);
    if (from.isIndex()) {
      // The C++ value may be narrower than 64 bits: truncation is then a no-op.
      if (tw < 64)
        return x.type.bits <= tw ? x : castTo(x, intType(tw, x.type.isUnsigned));
      return widen(x, 64);
    }
    // iN -> index: carry the N-bit value with the cast's signedness; C++
    // extends it by that signedness where it is used.
    if (fw < 64 || !u || x.type.kind != CKind::Int || x.type.isUnsigned || x.isLiteral)
      return fw < 64 ? asInt(x, fw, u) : x;
    CType size = intType(64, true);
    size.name = "size_t";
    return castTo(x, size);
  }
  if (isa<arith::ExtSIOp, arith::ExtUIOp>(op)) {
    bool u = isa<arith::ExtUIOp>(op);
    unsigned tw = widthOf(to);
    if (from.isInteger(1)) {
      Expr r = castTo(x, intType(tw, false));
      if (!u) {
        r.text = "-" + r.text;
        r.prec = kUnary;
      }
      return r;
    }
    CType toT = intType(tw, false);
    if (tw == 64 && unsignedIndexMath.contains(op->getResult(0))) {
      toT = intType(64, true);
      toT.name = "size_t";
    }
    return castTo(asInt(x, widthOf(from), u), toT);
  }
  if (isa<arith::TruncIOp>(op)) {
    if (to.isInteger(1)) {
      if (auto load = op->getOperand(0).getDefiningOp<memref::LoadOp>())
        if (boolElems.contains(getRoot(load.getMemref()))) {
          x.type = boolType();
          return x;
        }
      Expr one = make("1", kPrimary, intType(32, false));
      one.isLiteral = true;
      return castTo(binary(x, "&", one, kBitAnd, x.type), boolType());
    }
    return castTo(x, intType(widthOf(to), false));
  }
  FailureOr<CType> toT = cType(to, loc);
  if (failed(toT))
    return failure();
  auto isLow = [](Type t) { return t.isF16() || t.isBF16(); };
  if (isa<arith::ExtFOp, arith::TruncFOp>(op)) {
    // Two-lane conversions between __half2 / __nv_bfloat162 and float2: the
    // pairwise intrinsics of cuda_fp16.h / cuda_bf16.h (a C cast does not exist).
    auto fv = dyn_cast<VectorType>(from), tv = dyn_cast<VectorType>(to);
    if (fv && tv && fv.getShape() == ArrayRef<int64_t>{2} &&
        tv.getShape() == ArrayRef<int64_t>{2}) {
      Type fe = fv.getElementType(), te = tv.getElementType();
      const char *fn = nullptr;
      if (fe.isBF16() && te.isF32())
        fn = "__bfloat1622float2";
      else if (fe.isF16() && te.isF32())
        fn = "__half22float2";
      else if (fe.isF32() && te.isBF16())
        fn = "__float22bfloat162_rn";
      else if (fe.isF32() && te.isF16())
        fn = "__float22half2_rn";
      if (fn)
        return call(fn, {x}, *toT);
      if (isLow(fe) || isLow(te))
        return op->emitError("cannot export '")
               << op->getName() << "' from " << from << " to " << to << " to CUDA C++";
    }
    if (isLow(from) && isLow(to))
      return call(from.isF16() ? "__float2bfloat16" : "__float2half",
                  {call(from.isF16() ? "__half2float" : "__bfloat162float", {x},
                        *cType(Float32Type::get(op->getContext()), loc))},
                  *toT);
    if (isLow(from)) {
      Expr f = call(from.isF16() ? "__half2float" : "__bfloat162float", {x},
                    *cType(Float32Type::get(op->getContext()), loc));
      return to.isF64() ? castTo(f, *toT) : f;
    }
    if (isLow(to)) {
      std::string fn = to.isF16() ? (from.isF64() ? "__double2half" : "__float2half")
                                  : (from.isF64() ? "__double2bfloat16" : "__float2bfloat16");
      return call(fn, {x}, *toT);
    }
    return castTo(x, *toT);
  }
  if (isa<arith::SIToFPOp, arith::UIToFPOp>(op)) {
    bool u = isa<arith::UIToFPOp>(op);
    Expr i = from.isInteger(1) ? x : asInt(x, widthOf(from), u);
    if (isLow(to)) {
      std::string sfx = widthOf(from) == 64 ? "ll" : widthOf(from) == 16 ? "short" : "int";
      std::string fn =
          "__" + std::string(u ? "u" : "") + sfx + (to.isF16() ? "2half_rn" : "2bfloat16_rn");
      if (widthOf(from) < 16)
        fn = "__" + std::string(u ? "u" : "") + "int" + (to.isF16() ? "2half_rn" : "2bfloat16_rn");
      return call(fn, {i}, *toT);
    }
    return castTo(i, *toT);
  }
  if (isa<arith::FPToSIOp, arith::FPToUIOp>(op)) {
    bool u = isa<arith::FPToUIOp>(op);
    CType it = intType(widthOf(to), u);
    if (isLow(from)) {
      std::string sfx = widthOf(to) == 64 ? "ll" : widthOf(to) == 16 ? "short" : "int";
      std::string fn =
          (from.isF16() ? "__half2" : "__bfloat162") + std::string(u ? "u" : "") + sfx + "_rz";
      return call(fn, {x}, it);
    }
    return castTo(x, it);
  }
  // arith.bitcast
  std::string fn;
  if (from.isF32())
    fn = "__float_as_int";
  else if (to.isF32())
    fn = "__int_as_float";
  else if (from.isF64())
    fn = "__double_as_longlong";
  else if (to.isF64())
    fn = "__longlong_as_double";
  else if (from.isF16())
    fn = "__half_as_short";
  else if (to.isF16())
    fn = "__short_as_half";
  else if (from.isBF16())
    fn = "__bfloat16_as_short";
  else if (to.isBF16())
    fn = "__short_as_bfloat16";
  else
    return op->emitError("cannot export 'arith.bitcast' from ")
           << from << " to " << to << " to CUDA C++";
  return call(fn, {x}, *toT);
}
