//===- LiftMemory.cpp - variables, pointers, loads and stores -------------===//
//
// A pointer never becomes an SSA value: it is a (base memref, element offset)
// pair (`Ptr`). Locals are allocas named after the variable; __shared__
// variables are workgroup attributions; `extern __shared__` arrays are views
// of the dynamic shared memory.
//
//===----------------------------------------------------------------------===//
#include "Lifter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kfix::frontend;
namespace cl = clang;

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

static SmallVector<Value> indexValues(Lifter &lf, const LValue &lv, Location l) {
  SmallVector<Value> idx;
  for (const Index &i : lv.indices)
    idx.push_back(lf.toIndex(i, l));
  return idx;
}

Value Lifter::load(const LValue &lv, Location l) {
  Value v;
  if (lv.direct) {
    v = lv.direct;
  } else {
    auto mt = cast<MemRefType>(lv.memref.getType());
    if ((int64_t)lv.indices.size() != mt.getRank() || !lv.valueType) {
      (void)error({}, "kfix cannot lift an array used as a value");
      return {};
    }
    SmallVector<Value> idx = indexValues(*this, lv, l);
    Type elem = mt.getElementType();
    if (lv.valueType == elem) {
      v = memref::LoadOp::create(b, l, lv.memref, idx);
      if (!lv.spelling.empty())
        v.getDefiningOp()->setAttr("kfix.spelling", b.getStringAttr(lv.spelling));
    } else if (auto vt = dyn_cast<VectorType>(lv.valueType); vt && vt.getElementType() == elem) {
      v = vector::LoadOp::create(b, l, vt, lv.memref, idx);
    } else if (lv.valueType.isInteger(1) && elem.isInteger(8)) {
      Value raw = memref::LoadOp::create(b, l, lv.memref, idx);
      v = arith::TruncIOp::create(b, l, b.getI1Type(), raw);
    } else {
      (void)error({}, "kfix cannot lift an access that reinterprets memory of "
                      "a different element type");
      return {};
    }
  }
  if (lv.lane >= 0)
    v = vector::ExtractOp::create(b, l, v, ArrayRef<int64_t>{lv.lane});
  return v;
}

LogicalResult Lifter::store(const LValue &lv, Value v, Location l) {
  if (!v)
    return failure();
  if (lv.direct)
    return error({}, "kfix cannot lift a write to this value");
  if (lv.lane >= 0) {
    LValue whole = lv;
    whole.lane = -1;
    Value cur = load(whole, l);
    if (!cur)
      return failure();
    Value ins = vector::InsertOp::create(b, l, v, cur, ArrayRef<int64_t>{lv.lane});
    return store(whole, ins, l);
  }
  auto mt = cast<MemRefType>(lv.memref.getType());
  if ((int64_t)lv.indices.size() != mt.getRank())
    return error({}, "kfix cannot lift an assignment to an array");
  SmallVector<Value> idx = indexValues(*this, lv, l);
  Type elem = mt.getElementType();
  if (v.getType() == elem) {
    auto st = memref::StoreOp::create(b, l, v, lv.memref, idx);
    if (!lv.spelling.empty())
      st->setAttr("kfix.spelling", b.getStringAttr(lv.spelling));
  } else if (auto vt = dyn_cast<VectorType>(v.getType()); vt && vt.getElementType() == elem) {
    vector::StoreOp::create(b, l, v, lv.memref, idx);
  } else if (v.getType().isInteger(1) && elem.isInteger(8)) {
    Value wide = arith::ExtUIOp::create(b, l, elem, v);
    memref::StoreOp::create(b, l, wide, lv.memref, idx);
  } else if (isa<FloatType>(v.getType()) && isa<FloatType>(elem)) {
    // `__half h; h = f;` calls __half's operator=(float), a conversion the
    // AST keeps inside the class (no ImplicitCastExpr): round to the element type.
    unsigned from = v.getType().getIntOrFloatBitWidth(), to = elem.getIntOrFloatBitWidth();
    Value c = v;
    if (from == to) { // __half <- __nv_bfloat16: through float
      c = arith::ExtFOp::create(b, l, b.getF32Type(), c);
      from = 32;
    }
    c = to < from ? Value(arith::TruncFOp::create(b, l, elem, c))
                  : Value(arith::ExtFOp::create(b, l, elem, c));
    memref::StoreOp::create(b, l, c, lv.memref, idx);
  } else {
    return error({}, "kfix cannot lift a store that reinterprets memory of a "
                     "different element type");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

Value Lifter::makeAlloca(Type t, StringRef name, Location l, bool wholeScope) {
  OpBuilder::InsertionGuard g(b);
  if (allocaAnchor)
    b.setInsertionPointAfter(allocaAnchor);
  else
    b.setInsertionPointToStart(entry);
  MemRefType mt = isa<MemRefType>(t) ? cast<MemRefType>(t) : MemRefType::get({}, t);
  auto op = memref::AllocaOp::create(b, l, mt);
  op->setAttr("kfix.var", b.getStringAttr(name));
  // Where C lets the name be read: [declaration or scope start, scope end]
  // as line, column pairs of the scope's file (edits read only locals in
  // scope where they read them), kept as the metadata of a fused location
  // (printed only with the debug info).
  if (!scopes.empty()) {
    const cl::SourceManager &sm = ast.getSourceManager();
    cl::PresumedLoc e = sm.getPresumedLoc(sm.getExpansionLoc(scopes.back().getEnd()));
    cl::PresumedLoc s = sm.getPresumedLoc(sm.getExpansionLoc(scopes.back().getBegin()));
    auto fl = dyn_cast<FileLineColLoc>(l);
    if (e.isValid() && s.isValid() && fl) {
      int32_t sl = wholeScope ? s.getLine() : fl.getLine();
      int32_t sc = wholeScope ? s.getColumn() : fl.getColumn();
      op->setLoc(FusedLoc::get(
          b.getContext(), {l},
          b.getDenseI32ArrayAttr({sl, sc, int32_t(e.getLine()), int32_t(e.getColumn())})));
    }
  }
  allocaAnchor = op;
  return op;
}

void Lifter::tagCType(Value slot, cl::QualType t) {
  if (!slot || !t->isIntegerType() || t->isBooleanType() || t->isEnumeralType())
    return;
  cl::PrintingPolicy pp = ast.getPrintingPolicy();
  pp.SuppressTagKeyword = true;
  std::string s = t.getUnqualifiedType().getAsString(pp);
  // `int` and `long long` are what an export derives from i32/i64 anyway.
  if (s == "int" || s == "long long")
    return;
  if (Operation *op = slot.getDefiningOp())
    op->setAttr("kfix.ctype", b.getStringAttr(s));
}

Value Lifter::dynamicSharedView(Type et, int64_t elemBytes, StringRef name, Location l) {
  auto wg = gpu::AddressSpaceAttr::get(func.getContext(), gpu::AddressSpace::Workgroup);
  OpBuilder::InsertionGuard g(b);
  if (allocaAnchor)
    b.setInsertionPointAfter(allocaAnchor);
  else
    b.setInsertionPointToStart(entry);
  if (!dynamicShared)
    dynamicShared = gpu::DynamicSharedMemoryOp::create(
        b, l,
        MemRefType::get({ShapedType::kDynamic}, b.getI8Type(), MemRefLayoutAttrInterface{}, wg));
  Value bytes = NVVM::DynamicSmemSize::create(b, l, b.getI32Type());
  Value n = arith::DivUIOp::create(b, l, bytes, constInt(b.getI32Type(), elemBytes, l));
  Value nIdx = arith::IndexCastUIOp::create(b, l, b.getIndexType(), n);
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  auto viewType = MemRefType::get({ShapedType::kDynamic}, et, MemRefLayoutAttrInterface{}, wg);
  auto view = memref::ViewOp::create(b, l, viewType, dynamicShared, zero, ValueRange{nIdx});
  view->setAttr("kfix.var", b.getStringAttr(name));
  allocaAnchor = view;
  return view;
}

FailureOr<LValue> Lifter::sharedVar(const cl::VarDecl *vd) {
  Location l = loc(vd);
  auto wg = gpu::AddressSpaceAttr::get(func.getContext(), gpu::AddressSpace::Workgroup);
  cl::QualType t = vd->getType();
  auto it = shared.find(vd);
  if (it == shared.end()) {
    SmallVector<int64_t> shape;
    cl::QualType elem = t;
    bool dynamic = false;
    while (const cl::ArrayType *at = ast.getAsArrayType(elem)) {
      if (const auto *ca = dyn_cast<cl::ConstantArrayType>(at)) {
        shape.push_back(ca->getSize().getZExtValue());
      } else if (isa<cl::IncompleteArrayType>(at) && shape.empty()) {
        dynamic = true;
      } else {
        (void)error(vd->getLocation(), "kfix cannot lift this __shared__ array type");
        return failure();
      }
      elem = at->getElementType();
    }
    Type et = memoryType(elem, vd->getLocation());
    if (!et)
      return failure();
    Value mem;
    if (dynamic) {
      if (!shape.empty()) {
        (void)error(vd->getLocation(),
                    "kfix cannot lift a multi-dimensional extern __shared__ array");
        return failure();
      }
      OpBuilder::InsertionGuard g(b);
      if (allocaAnchor)
        b.setInsertionPointAfter(allocaAnchor);
      else
        b.setInsertionPointToStart(entry);
      mem = dynamicSharedView(et, ast.getTypeSizeInChars(elem).getQuantity(), vd->getName(), l);
    } else {
      bool scalar = shape.empty();
      if (scalar)
        shape.push_back(1);
      auto mt = MemRefType::get(shape, et, MemRefLayoutAttrInterface{}, wg);
      mem = func.addWorkgroupAttribution(mt, l);
      sharedNames.push_back(vd->getName().str());
    }
    it = shared.try_emplace(vd, mem).first;
  }
  LValue lv;
  lv.memref = it->second;
  if (!t->isArrayType()) {
    lv.indices.push_back(Index{constInt(b.getI32Type(), 0, l), false});
    lv.valueType = convertType(t, vd->getLocation());
  }
  return lv;
}

//===----------------------------------------------------------------------===//
// Variables
//===----------------------------------------------------------------------===//

namespace {
/// Finds writes to a variable: assignment, ++/--, address-of, or binding to
/// a non-const reference parameter.
struct WriteFinder {
  const cl::VarDecl *vd;
  bool refersTo(const cl::Expr *e) const {
    if (!e)
      return false;
    if (const auto *dre = dyn_cast<cl::DeclRefExpr>(e->IgnoreParenImpCasts()))
      return dre->getDecl() == vd;
    return false;
  }
  bool visit(const cl::Stmt *s) const {
    if (!s)
      return false;
    if (const auto *bo = dyn_cast<cl::BinaryOperator>(s))
      if (bo->isAssignmentOp() && refersTo(bo->getLHS()))
        return true;
    if (const auto *uo = dyn_cast<cl::UnaryOperator>(s))
      if ((uo->isIncrementDecrementOp() || uo->getOpcode() == cl::UO_AddrOf) &&
          refersTo(uo->getSubExpr()))
        return true;
    if (const auto *ce = dyn_cast<cl::CallExpr>(s))
      if (const cl::FunctionDecl *fd = ce->getDirectCallee())
        for (unsigned i = 0; i < ce->getNumArgs() && i < fd->getNumParams(); ++i) {
          cl::QualType pt = fd->getParamDecl(i)->getType();
          if (pt->isReferenceType() && !pt->getPointeeType().isConstQualified() &&
              refersTo(ce->getArg(i)))
            return true;
        }
    for (const cl::Stmt *c : s->children())
      if (visit(c))
        return true;
    return false;
  }
};
} // namespace

bool Lifter::isPtrWrittenIn(const cl::VarDecl *vd, const cl::Stmt *body) {
  return WriteFinder{vd}.visit(body);
}

static Value offsetToI64(Lifter &lf, Index i, Location l) {
  if (!i.v)
    return lf.constInt(lf.b.getI64Type(), 0, l);
  return lf.convertScalar(i.v, lf.b.getI64Type(), i.isUnsigned, false, l);
}

LogicalResult Lifter::bindParam(const cl::ParmVarDecl *p, Value arg, bool isKernelArg) {
  Frame &f = frames.back();
  Location l = loc(p);
  bool written = f.fn->hasBody() && isPtrWrittenIn(p, f.fn->getBody());
  Binding bnd;
  if (accessorInfo(p->getType()) && isa<MemRefType>(arg.getType())) {
    // A tensor accessor: the whole buffer, no index applied yet.
    bnd.kind = Binding::Array;
    bnd.ref.memref = arg;
  } else if (p->getType()->isPointerType()) {
    bnd.ptr.base = arg;
    if (written) {
      bnd.kind = Binding::PtrSlot;
      bnd.slot = makeAlloca(b.getI64Type(), p->getName(), l);
      memref::StoreOp::create(b, l, constInt(b.getI64Type(), 0, l), bnd.slot);
    } else {
      bnd.kind = Binding::FixedPtr;
    }
  } else if (written) {
    bnd.kind = Binding::Slot;
    bnd.slot = makeAlloca(arg.getType(), p->getName(), l);
    tagCType(bnd.slot, p->getType());
    memref::StoreOp::create(b, l, arg, bnd.slot);
  } else {
    bnd.kind = Binding::Direct;
    bnd.value = arg;
  }
  (void)isKernelArg;
  f.vars[p] = bnd;
  return success();
}

LogicalResult Lifter::declareVar(const cl::VarDecl *vd) {
  Location l = loc(vd);
  curLoc = vd->getLocation();
  // cub's temporary storage, collective objects and reduction functors hold
  // nothing the lifted code reads (LiftCub.cpp expands the calls).
  if (isCubOpaqueVar(vd))
    return success();
  if (vd->hasAttr<cl::CUDASharedAttr>())
    return success(::mlir::succeeded(sharedVar(vd)));
  if (vd->isStaticLocal() || vd->hasExternalStorage())
    return error(vd->getLocation(), "kfix cannot lift a static local variable");
  if (vd->hasAttr<cl::CUDAConstantAttr>())
    return error(vd->getLocation(), "kfix cannot lift __constant__ memory");
  Frame &f = frames.back();
  cl::QualType t = vd->getType();
  const cl::Expr *init = vd->getInit();
  if (isLiftedStruct(t.getNonReferenceType()))
    return declareStructVar(vd);
  if (t->isReferenceType()) {
    if (!init)
      return error(vd->getLocation(), "kfix cannot lift this reference");
    Binding bnd;
    bnd.kind = Binding::Ref;
    FailureOr<LValue> lv = emitLValue(init);
    if (::mlir::failed(lv))
      return failure();
    bnd.ref = *lv;
    f.vars[vd] = bnd;
    return success();
  }
  if (accessorInfo(t)) {
    // `auto row = x[i];`: the sub-accessor, bound to the indices applied.
    if (!init)
      return error(vd->getLocation(), "kfix cannot lift a tensor accessor variable "
                                      "declared without an initializer");
    FailureOr<LValue> lv = emitAccessor(init);
    if (::mlir::failed(lv))
      return failure();
    Binding bnd;
    bnd.kind = Binding::Array;
    bnd.ref = *lv;
    f.vars[vd] = bnd;
    return success();
  }
  if (t->isPointerType()) {
    if (!init)
      return error(vd->getLocation(), "kfix cannot lift a pointer variable "
                                      "declared without an initializer");
    FailureOr<Ptr> p = emitPointer(init);
    if (::mlir::failed(p))
      return failure();
    Binding bnd;
    bnd.ptr = *p;
    const cl::Stmt *body = f.fn->getBody();
    if (body && isPtrWrittenIn(vd, body)) {
      bnd.kind = Binding::PtrSlot;
      bnd.slot = makeAlloca(b.getI64Type(), vd->getName(), l);
      memref::StoreOp::create(b, l, offsetToI64(*this, p->offset, l), bnd.slot);
      bnd.ptr.offset = Index{};
    } else {
      bnd.kind = Binding::FixedPtr;
      // `smem + n`: the accesses through the variable share the offset.
      if (auto *bo = dyn_cast<cl::BinaryOperator>(init->IgnoreParenImpCasts());
          bo && bo->isAdditiveOp() && p->offset.v)
        bnd.ptr.offsetFrom = loc(bo);
    }
    f.vars[vd] = bnd;
    return success();
  }
  if (const cl::ArrayType *at = ast.getAsArrayType(t)) {
    SmallVector<int64_t> shape;
    cl::QualType elem = t;
    while (const cl::ArrayType *a = ast.getAsArrayType(elem)) {
      const auto *ca = dyn_cast<cl::ConstantArrayType>(a);
      if (!ca)
        return error(vd->getLocation(), "kfix cannot lift a local array without a constant size");
      shape.push_back(ca->getSize().getZExtValue());
      elem = a->getElementType();
    }
    (void)at;
    Type et = memoryType(elem, vd->getLocation());
    if (!et)
      return failure();
    Value mem = makeAlloca(MemRefType::get(shape, et), vd->getName(), l);
    Binding bnd;
    bnd.kind = Binding::Array;
    bnd.ref.memref = mem;
    f.vars[vd] = bnd;
    if (init) {
      const auto *il = dyn_cast<cl::InitListExpr>(init);
      if (!il || shape.size() != 1)
        return error(init->getBeginLoc(), "kfix cannot lift this local array initializer");
      for (int64_t i = 0; i < shape[0]; ++i) {
        const cl::Expr *ie = i < (int64_t)il->getNumInits() ? il->getInit(i) : il->getArrayFiller();
        if (!ie)
          break;
        Value v = emitRValue(ie);
        LValue lv;
        lv.memref = mem;
        lv.indices.push_back(Index{constInt(b.getI32Type(), i, l), false});
        lv.valueType = convertType(elem, vd->getLocation());
        if (!v || ::mlir::failed(store(lv, v, l)))
          return failure();
      }
    }
    return success();
  }
  Type vt = convertType(t, vd->getLocation());
  if (!vt)
    return failure();
  Binding bnd;
  bnd.kind = Binding::Slot;
  bnd.slot = makeAlloca(vt, vd->getName(), l);
  tagCType(bnd.slot, t);
  f.vars[vd] = bnd;
  if (init) {
    if (const auto *ce = dyn_cast<cl::CXXConstructExpr>(init))
      if (ce->getNumArgs() == 0 && ce->getConstructor()->isTrivial())
        return success(); // `float4 v;`
    Value v = emitRValue(init);
    if (!v)
      return failure();
    memref::StoreOp::create(b, l, v, bnd.slot);
  }
  return success();
}

FailureOr<Binding *> Lifter::lookup(const cl::ValueDecl *d, const cl::Expr *at) {
  auto &vars = frames.back().vars;
  auto it = vars.find(d);
  if (it != vars.end())
    return &it->second;
  if (const auto *vd = dyn_cast<cl::VarDecl>(d)) {
    auto g = globals.find(vd->getCanonicalDecl());
    if (g != globals.end())
      return &g->second;
  }
  if (const auto *vd = dyn_cast<cl::VarDecl>(d)) {
    if (vd->hasAttr<cl::CUDAConstantAttr>())
      (void)cannotLift(at, "__constant__ memory ('" + vd->getName() + "')");
    else if (vd->hasGlobalStorage())
      (void)cannotLift(at, "a reference to the global variable '" + vd->getName() + "'");
    else
      (void)cannotLift(at, "a reference to '" + vd->getName() + "'");
  } else {
    (void)cannotLift(at, "a reference to '" + d->getNameAsString() + "'");
  }
  return failure();
}
