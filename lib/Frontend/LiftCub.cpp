//===- LiftCub.cpp - cub::BlockReduce and cub::WarpReduce, expanded -------===//
//
// cub's block and warp reductions are lifted by what they compute, never by
// cub's own implementation (PTX, templates over architectures): each call is
// expanded in place into ops every part of kfix already handles.
//
// BlockReduce<T, BX, ALGO, BY, BZ>(temp).Sum(v) / .Reduce(v, op) [, num_valid]:
//   a workgroup buffer of BX*BY*BZ elements of T (one per call site), a
//   barrier (the previous use of the storage is over), each thread stores its
//   value at cub's linear thread id, then a shared-memory tree (barrier before
//   each level) combines [0, n) with n = BX*BY*BZ or num_valid; thread 0 reads
//   element 0.
// WarpReduce<T, LW>(temp).Sum(v) / .Reduce(v, op) [, valid_items]:
//   an xor butterfly of gpu.shuffle over the logical warp (LW a power of two,
//   at most 32), the lower lane's value always the left operand.
//
// cub defines the result only in thread 0 of the block (lane 0 of the logical
// warp); every other thread gets a poison value (NaN for floating-point T,
// 0xA5... for integers), so that a kernel reading the result elsewhere fails
// validation instead of passing by luck. A BlockReduce launched with a block
// shape other than the one its template names is undefined in cub: thread 0
// gets the poison value too.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "clang/AST/DeclTemplate.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

namespace {

/// The enclosing named namespaces of `dc`, outermost first, inline and
/// anonymous ones skipped ("cub", "cuda::std"); empty inside a class or a
/// function.
std::string namespacePath(const cl::DeclContext *dc) {
  SmallVector<StringRef, 4> parts;
  for (; dc && !dc->isTranslationUnit(); dc = dc->getParent()) {
    if (isa<cl::LinkageSpecDecl>(dc))
      continue;
    const auto *ns = dyn_cast<cl::NamespaceDecl>(dc);
    if (!ns)
      return "";
    if (ns->isInline() || ns->isAnonymousNamespace())
      continue;
    parts.push_back(ns->getName());
  }
  std::string s;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it)
    s += (s.empty() ? "" : "::") + it->str();
  return s;
}

/// "BlockReduce" / "WarpReduce" for cub's class templates, else "".
StringRef cubClassOf(const cl::CXXRecordDecl *rd) {
  if (!rd || !rd->getIdentifier())
    return "";
  StringRef n = rd->getName();
  if (n != "BlockReduce" && n != "WarpReduce")
    return "";
  if (namespacePath(rd->getDeclContext()) != "cub")
    return "";
  return n;
}

enum class OpKind { Sum, Max, Min, User };

struct ReduceFn {
  OpKind kind = OpKind::Sum;
  const cl::FunctionDecl *fn = nullptr; // User: the functor's operator()
};

/// The library functors cub's reductions are called with.
std::optional<OpKind> knownOp(const cl::CXXRecordDecl *rd) {
  if (!rd || !rd->getIdentifier())
    return std::nullopt;
  StringRef n = rd->getName();
  std::string ns = namespacePath(rd->getDeclContext());
  if (ns == "cub") {
    if (n == "Sum")
      return OpKind::Sum;
    if (n == "Max")
      return OpKind::Max;
    if (n == "Min")
      return OpKind::Min;
  }
  if (ns == "cuda" || ns == "cuda::std" || ns == "std" || ns == "thrust") {
    if (n == "plus")
      return OpKind::Sum;
    if (n == "maximum")
      return OpKind::Max;
    if (n == "minimum")
      return OpKind::Min;
  }
  return std::nullopt;
}

/// The operator() of a stateless functor (or capture-less lambda) that takes
/// two values of `t`.
const cl::FunctionDecl *functorCall(cl::ASTContext &ast, const cl::CXXRecordDecl *rd,
                                    cl::QualType t) {
  if (!rd || !rd->hasDefinition() || !rd->isEmpty())
    return nullptr;
  auto matches = [&](const cl::FunctionDecl *fd) {
    if (!fd || fd->getNumParams() != 2)
      return false;
    for (const cl::ParmVarDecl *p : fd->parameters())
      if (!ast.hasSameUnqualifiedType(p->getType().getNonReferenceType(), t))
        return false;
    return true;
  };
  const cl::FunctionDecl *found = nullptr;
  for (const cl::NamedDecl *nd : rd->lookup(ast.DeclarationNames.getCXXOperatorName(cl::OO_Call))) {
    if (const auto *m = dyn_cast<cl::CXXMethodDecl>(nd)) {
      if (matches(m))
        found = m;
    } else if (const auto *ft = dyn_cast<cl::FunctionTemplateDecl>(nd)) {
      for (const cl::FunctionDecl *spec : ft->specializations())
        if (matches(spec))
          found = spec;
    }
  }
  if (!found)
    return nullptr;
  const cl::FunctionDecl *def = found->getDefinition();
  return def && def->hasBody() ? def : nullptr;
}

} // namespace

bool Lifter::isCubOpaqueVar(const cl::VarDecl *vd) const {
  if (!vd || isa<cl::ParmVarDecl>(vd))
    return false;
  cl::QualType t = vd->getType();
  while (const cl::ArrayType *at = ast.getAsArrayType(t))
    t = at->getElementType();
  const cl::CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  if (!rd)
    return false;
  if (rd->getIdentifier() && rd->getName() == "TempStorage")
    return !cubClassOf(dyn_cast<cl::CXXRecordDecl>(rd->getDeclContext())).empty();
  if (t == vd->getType() && !cubClassOf(rd).empty())
    return true;
  if (t == vd->getType() && !vd->hasAttr<cl::CUDASharedAttr>() &&
      (knownOp(rd) || (rd->hasDefinition() && rd->isEmpty() &&
                       !rd->lookup(ast.DeclarationNames.getCXXOperatorName(cl::OO_Call)).empty())))
    return true;
  return false;
}

namespace {

/// The expansion of one cub call.
struct CubExpander {
  Lifter &lf;
  OpBuilder &b;
  const cl::CXXMemberCallExpr *call;
  Location l;
  Type et;        // the element type T
  cl::QualType t; // T as C++ sees it
  ReduceFn fn;

  Value i32(int64_t v) { return lf.constInt(b.getI32Type(), v, l); }

  Value threadId(gpu::Dimension d) {
    return arith::IndexCastUIOp::create(b, l, b.getI32Type(), gpu::ThreadIdOp::create(b, l, d));
  }
  Value blockDim(gpu::Dimension d) {
    return arith::IndexCastUIOp::create(b, l, b.getI32Type(), gpu::BlockDimOp::create(b, l, d));
  }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, l, p, x, y);
  }

  /// What threads other than the one cub defines the result in get.
  Value poison() {
    if (isa<FloatType>(et))
      return lf.constFloat(et, std::nan(""), l);
    return lf.constInt(et, static_cast<int64_t>(0xA5A5A5A5A5A5A5A5ull), l);
  }

  /// op(x, y), x the value of the lower thread / lane.
  Value apply(Value x, Value y) {
    bool u = lf.isUnsignedInt(t);
    switch (fn.kind) {
    case OpKind::Sum:
      return lf.emitArith(cl::BO_Add, x, y, t, l, call);
    case OpKind::Max:
    case OpKind::Min: {
      // cub / libcu++: `a < b ? b : a` (max), `a < b ? a : b` (min).
      Value lt = isa<FloatType>(et)
                     ? (Value)arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, x, y)
                     : (Value)cmp(u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt, x, y);
      return fn.kind == OpKind::Max ? arith::SelectOp::create(b, l, lt, y, x)
                                    : arith::SelectOp::create(b, l, lt, x, y);
    }
    case OpKind::User: {
      SmallVector<Lifter::InlineArg, 2> vals;
      // A named array: an ArrayRef of a braced list would outlive its elements.
      Value operands[2] = {x, y};
      for (auto [i, v] : llvm::enumerate(operands)) {
        Lifter::InlineArg a;
        if (fn.fn->getParamDecl(i)->getType()->isReferenceType()) {
          a.ref.direct = v;
          a.ref.valueType = v.getType();
        } else {
          a.v = v;
        }
        vals.push_back(a);
      }
      Value r = lf.inlineBound(fn.fn, vals, call);
      if (!r)
        return {};
      return lf.convert(r, fn.fn->getReturnType(), t, l);
    }
    }
    return {};
  }

  /// scf.if `cond` with no results; the builder is left inside its then block.
  scf::IfOp ifThen(Value cond) {
    auto op = scf::IfOp::create(b, l, cond, /*withElseRegion=*/false);
    b.setInsertionPoint(op.thenBlock()->getTerminator());
    return op;
  }

  /// `cond ? <value read by `then`> : poison` as an scf.if with a result.
  Value definedOnlyIf(Value cond, llvm::function_ref<Value()> then) {
    auto op = scf::IfOp::create(b, l, TypeRange{et}, cond, /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(op.thenBlock());
      Value v = then();
      if (!v)
        return {};
      scf::YieldOp::create(b, l, v);
      b.setInsertionPointToStart(op.elseBlock());
      scf::YieldOp::create(b, l, poison());
    }
    return op.getResult(0);
  }

  Value blockReduce(Value v, Value numValid, int64_t bx, int64_t by, int64_t bz) {
    int64_t n = bx * by * bz;
    // cub's linear thread id (BlockReduce's own dimensions, not blockDim).
    Value lin = threadId(gpu::Dimension::x);
    if (by > 1)
      lin = arith::AddIOp::create(
          b, l, lin, arith::MulIOp::create(b, l, threadId(gpu::Dimension::y), i32(bx)));
    if (bz > 1)
      lin = arith::AddIOp::create(
          b, l, lin, arith::MulIOp::create(b, l, threadId(gpu::Dimension::z), i32(bx * by)));
    // The block shape the template names.
    Value shapeOk = cmp(arith::CmpIPredicate::eq, blockDim(gpu::Dimension::x), i32(bx));
    shapeOk = arith::AndIOp::create(
        b, l, shapeOk, cmp(arith::CmpIPredicate::eq, blockDim(gpu::Dimension::y), i32(by)));
    shapeOk = arith::AndIOp::create(
        b, l, shapeOk, cmp(arith::CmpIPredicate::eq, blockDim(gpu::Dimension::z), i32(bz)));

    auto wg = gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
    Type mt = et.isInteger(1) ? b.getI8Type() : et;
    Value buf = lf.func.addWorkgroupAttribution(
        MemRefType::get({n}, mt, MemRefLayoutAttrInterface{}, wg), l);
    lf.sharedNames.push_back("kfix_cub_reduce" + std::to_string(lf.numCubBuffers++));
    auto at = [&](Value i) {
      LValue lv;
      lv.memref = buf;
      lv.indices.push_back(Index{i, false});
      lv.valueType = et;
      return lv;
    };

    gpu::BarrierOp::create(b, l);
    {
      OpBuilder::InsertionGuard g(b);
      ifThen(cmp(arith::CmpIPredicate::slt, lin, i32(n)));
      if (::mlir::failed(lf.store(at(lin), v, l)))
        return {};
    }
    // The number of values combined: n, or num_valid clamped to n.
    Value count = i32(n);
    if (numValid)
      count = arith::SelectOp::create(b, l, cmp(arith::CmpIPredicate::slt, numValid, count),
                                      numValid, count);
    int64_t p = 1, levels = 0;
    while (p < n)
      p <<= 1, ++levels;
    if (levels > 0) {
      auto loop = scf::ForOp::create(b, l, i32(0), i32(levels), i32(1));
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPoint(loop.getBody()->getTerminator());
      gpu::BarrierOp::create(b, l);
      Value s = arith::ShRUIOp::create(b, l, i32(p >> 1), loop.getInductionVar());
      Value other = arith::AddIOp::create(b, l, lin, s);
      Value go = arith::AndIOp::create(b, l, cmp(arith::CmpIPredicate::slt, lin, s),
                                       cmp(arith::CmpIPredicate::slt, other, count));
      ifThen(go);
      Value x = lf.load(at(lin), l);
      Value y = x ? lf.load(at(other), l) : Value();
      Value r = y ? apply(x, y) : Value();
      if (!r || ::mlir::failed(lf.store(at(lin), r, l)))
        return {};
    }
    Value first = arith::AndIOp::create(b, l, cmp(arith::CmpIPredicate::eq, lin, i32(0)), shapeOk);
    return definedOnlyIf(first, [&] { return lf.load(at(i32(0)), l); });
  }

  Value warpReduce(Value v, Value validItems, int64_t width) {
    // The hardware linear thread id; lanes of a logical warp are consecutive.
    Value bdx = blockDim(gpu::Dimension::x);
    Value lin = arith::AddIOp::create(
        b, l, threadId(gpu::Dimension::x),
        arith::MulIOp::create(
            b, l, bdx,
            arith::AddIOp::create(b, l, threadId(gpu::Dimension::y),
                                  arith::MulIOp::create(b, l, blockDim(gpu::Dimension::y),
                                                        threadId(gpu::Dimension::z)))));
    Value lane = arith::AndIOp::create(b, l, lin, i32(width - 1));
    bool u = lf.isUnsignedInt(t);
    Value x = v;
    Value valid;
    if (validItems)
      valid = cmp(arith::CmpIPredicate::slt, lane, validItems);
    // Shuffles span the hardware warp (width 32): an xor offset below the logical
    // width stays inside the aligned segment of `width` lanes, so every logical
    // warp reduces on its own. A narrower gpu.shuffle width means "only the
    // first `width` lanes take part" on NVVM (its member mask and clamp), which
    // left the other segments unreduced on the GPU.
    Value w = i32(32);
    for (int64_t off = 1; off < width; off <<= 1) {
      Value o = i32(off);
      Value y = lf.shuffleScalar(x, u, o, w, gpu::ShuffleMode::XOR, IntegerAttr(), l);
      if (!y) {
        (void)lf.cannotLift(call, "a cub::WarpReduce of this type");
        return {};
      }
      Value upper = cmp(arith::CmpIPredicate::ne, arith::AndIOp::create(b, l, lane, o), i32(0));
      Value lo = arith::SelectOp::create(b, l, upper, y, x);
      Value hi = arith::SelectOp::create(b, l, upper, x, y);
      Value r = apply(lo, hi);
      if (!r)
        return {};
      if (valid) {
        Value yv = lf.shuffleScalar(valid, false, o, w, gpu::ShuffleMode::XOR, IntegerAttr(), l);
        Value both = arith::AndIOp::create(b, l, valid, yv);
        r = arith::SelectOp::create(b, l, both, r, arith::SelectOp::create(b, l, valid, x, y));
        valid = arith::OrIOp::create(b, l, valid, yv);
      }
      x = r;
    }
    Value first = cmp(arith::CmpIPredicate::eq, lane, i32(0));
    return arith::SelectOp::create(b, l, first, x, poison());
  }
};

int64_t intArg(const cl::TemplateArgumentList &args, unsigned i, int64_t dflt, bool &ok) {
  if (i >= args.size())
    return dflt;
  const cl::TemplateArgument &a = args[i];
  if (a.getKind() != cl::TemplateArgument::Integral) {
    ok = false;
    return dflt;
  }
  return a.getAsIntegral().getSExtValue();
}

} // namespace

std::optional<Value> Lifter::emitCubCall(const cl::CXXMemberCallExpr *mc) {
  const cl::CXXMethodDecl *md = mc->getMethodDecl();
  if (!md)
    return std::nullopt;
  const auto *cls = dyn_cast<cl::ClassTemplateSpecializationDecl>(md->getParent());
  StringRef kind = cubClassOf(cls);
  if (kind.empty())
    return std::nullopt;
  std::string what = ("cub::" + kind).str();
  std::string method = md->getIdentifier() ? md->getName().str() : md->getNameAsString();
  // The object only names the temporary storage (never read: each call
  // expansion has its own): a temporary `BR(temp)` or a collective variable.
  const cl::Expr *obj = mc->getImplicitObjectArgument()->IgnoreImplicit()->IgnoreParens();
  if (const auto *dre = dyn_cast<cl::DeclRefExpr>(obj)) {
    const auto *vd = dyn_cast<cl::VarDecl>(dre->getDecl());
    if (!vd || !isCubOpaqueVar(vd)) {
      (void)cannotLift(mc, "this " + what + " object");
      return Value();
    }
  } else if (!isa<cl::CXXConstructExpr, cl::CXXFunctionalCastExpr>(obj)) {
    (void)cannotLift(mc, "this " + what + " object");
    return Value();
  }
  bool isSum = method == "Sum", isReduce = method == "Reduce";
  unsigned nargs = mc->getNumArgs();
  if ((!isSum && !isReduce) || (isSum && nargs != 1 && nargs != 2) ||
      (isReduce && nargs != 2 && nargs != 3)) {
    (void)cannotLift(mc, what + "::" + method);
    return Value();
  }
  const cl::TemplateArgumentList &targs = cls->getTemplateArgs();
  if (targs.size() < 1 || targs[0].getKind() != cl::TemplateArgument::Type) {
    (void)cannotLift(mc, "this " + what + " instantiation");
    return Value();
  }
  Location l = loc(mc);
  CubExpander x{*this, b, mc, l, Type(), targs[0].getAsType(), ReduceFn{}};
  x.et = convertType(x.t, mc->getExprLoc());
  if (!x.et)
    return Value();
  if (!isa<FloatType>(x.et) && !(isa<IntegerType>(x.et) && !x.et.isInteger(1))) {
    (void)cannotLift(mc, what + " of type '" + x.t.getAsString() + "'");
    return Value();
  }
  if (isReduce) {
    cl::QualType opType = md->getParamDecl(1)->getType().getNonReferenceType();
    const cl::CXXRecordDecl *rd = opType->getAsCXXRecordDecl();
    if (std::optional<OpKind> k = knownOp(rd)) {
      x.fn.kind = *k;
    } else if (const cl::FunctionDecl *f = functorCall(ast, rd, x.t)) {
      x.fn.kind = OpKind::User;
      x.fn.fn = f;
    } else {
      cl::PrintingPolicy pp = ast.getPrintingPolicy();
      pp.SuppressTagKeyword = true;
      (void)cannotLift(mc, what + "::Reduce with the reduction operator '" +
                               opType.getUnqualifiedType().getAsString(pp) +
                               "' (not a functor of cub or libcu++, nor stateless with "
                               "an operator() of two values of the element type)");
      return Value();
    }
  }
  // The thread's input: a value, or an array the thread reduces first.
  Value v;
  const cl::Expr *in = mc->getArg(0);
  cl::QualType inType = md->getParamDecl(0)->getType();
  if (inType->isReferenceType() && ast.getAsConstantArrayType(inType.getNonReferenceType())) {
    const auto *ca = ast.getAsConstantArrayType(inType.getNonReferenceType());
    FailureOr<LValue> arr = emitLValue(in);
    if (::mlir::failed(arr))
      return Value();
    for (uint64_t i = 0; i < ca->getSize().getZExtValue(); ++i) {
      LValue e = *arr;
      e.indices.push_back(Index{constInt(b.getI32Type(), static_cast<int64_t>(i), l), false});
      e.valueType = x.et;
      Value item = load(e, l);
      v = !item ? Value() : (v ? x.apply(v, item) : item);
      if (!v)
        return Value();
    }
  } else {
    v = emitRValue(in);
    if (!v)
      return Value();
    if (v.getType() != x.et)
      v = convert(v, in->getType(), x.t, l);
  }
  if (!v)
    return Value();
  Value count;
  if (nargs == (isSum ? 2u : 3u)) {
    const cl::Expr *c = mc->getArg(nargs - 1);
    count = emitRValue(c);
    if (!count)
      return Value();
    count = convertScalar(count, b.getI32Type(), isUnsignedInt(c->getType()), false, l);
  }
  bool ok = true;
  if (kind == "BlockReduce") {
    int64_t bx = intArg(targs, 1, 0, ok), by = intArg(targs, 3, 1, ok),
            bz = intArg(targs, 4, 1, ok);
    if (!ok || bx < 1 || by < 1 || bz < 1 || bx * by * bz > 1024) {
      (void)cannotLift(mc, "a cub::BlockReduce whose block is not 1 to 1024 threads");
      return Value();
    }
    return x.blockReduce(v, count, bx, by, bz);
  }
  int64_t width = intArg(targs, 1, 32, ok);
  if (!ok || width < 1 || width > 32 || (width & (width - 1)) != 0) {
    (void)cannotLift(mc, "a cub::WarpReduce whose logical warp is not a power of two "
                         "of at most 32 threads");
    return Value();
  }
  return x.warpReduce(v, count, width);
}
