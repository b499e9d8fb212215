//===- EmitMemory.cpp - memref/vector accesses, atomics and stores --------===//
#include "CudaEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kfix::detail;

FailureOr<std::string> FunctionEmitter::memrefName(Value memref, Location loc) {
  auto it = memNames.find(memref);
  if (it != memNames.end())
    return it->second;
  if (Operation *def = memref.getDefiningOp())
    if (isa<memref::AllocaOp>(def) && succeeded(declareAlloca(def)))
      return memNames[memref];
  return emitError(loc) << "cannot export an access to this memref (only kernel "
                           "arguments, shared/local arrays and locals are supported)";
}

/// `{1, 2, 3}` / `{{1, 2}, {3, 4}}` of a dense initializer.
static std::string initText(ArrayRef<std::string> elems, ArrayRef<int64_t> shape, size_t &next) {
  if (shape.empty())
    return elems[next++];
  std::string s = "{";
  for (int64_t i = 0; i < shape[0]; ++i)
    s += (i ? ", " : "") + initText(elems, shape.drop_front(), next);
  return s + "}";
}

LogicalResult FunctionEmitter::declareConstants() {
  Location loc = func.getLoc();
  auto record = [&](StringRef name, std::string decl) -> LogicalResult {
    for (auto &[n, d] : mod.constants)
      if (n == name) {
        if (d != decl)
          return emitError(loc) << "kfix export: two kernels declare the __constant__ '" << name
                                << "' differently";
        return success();
      }
    mod.constants.push_back({name.str(), std::move(decl)});
    return success();
  };
  auto dims = [](ArrayRef<int64_t> shape) {
    std::string s;
    for (int64_t d : shape)
      s += "[" + std::to_string(d) + "]";
    return s;
  };
  if (auto list = func->getAttrOfType<ArrayAttr>("kfix.constants"))
    for (Attribute a : list) {
      auto d = dyn_cast<DictionaryAttr>(a);
      auto name = d ? d.getAs<StringAttr>("name") : StringAttr();
      auto arg = d ? d.getAs<IntegerAttr>("arg") : IntegerAttr();
      auto ctype = d ? d.getAs<StringAttr>("ctype") : StringAttr();
      auto shape = d ? d.getAs<ArrayAttr>("shape") : ArrayAttr();
      if (!name || !arg || !ctype || !shape || arg.getInt() < 0 ||
          arg.getInt() >= (int64_t)func.getNumArguments())
        return func.emitError("kfix.constants: each entry needs name, arg, ctype, shape");
      SmallVector<int64_t> sh;
      for (Attribute x : shape)
        sh.push_back(cast<IntegerAttr>(x).getInt());
      if (failed(record(name.getValue(), "__constant__ " + ctype.getValue().str() + " " +
                                             name.getValue().str() + dims(sh) + ";")))
        return failure();
      constantArgs.insert(arg.getInt());
      memNames[func.getArgument(arg.getInt())] = name.getValue().str();
      reserved.insert(name.getValue());
      scopes.back().insert(name.getValue());
    }
  WalkResult w = func.walk([&](Operation *op) {
    if (auto rc = dyn_cast<memref::ReinterpretCastOp>(op)) {
      auto name = rc->getAttrOfType<StringAttr>("kfix.constant");
      if (!name)
        return WalkResult::advance();
      memNames[rc.getResult()] = name.getValue().str();
      skipOps.insert(op);
      return WalkResult::advance();
    }
    auto gg = dyn_cast<memref::GetGlobalOp>(op);
    if (!gg)
      return WalkResult::advance();
    auto g = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(op, gg.getNameAttr());
    auto name = g ? g->getAttrOfType<StringAttr>("kfix.name") : StringAttr();
    auto ctype = g ? g->getAttrOfType<StringAttr>("kfix.ctype") : StringAttr();
    auto init = g ? dyn_cast_or_null<DenseElementsAttr>(g.getInitialValueAttr()) : nullptr;
    if (!name || !ctype || !init || !g.getConstant()) {
      op->emitError("kfix export: only the lifter's __constant__ globals can be exported");
      return WalkResult::interrupt();
    }
    MemRefType mt = g.getType();
    SmallVector<std::string> elems;
    for (Attribute e : init.getValues<Attribute>()) {
      FailureOr<Expr> lit = literal(e, mt.getElementType(), op->getLoc());
      if (failed(lit))
        return WalkResult::interrupt();
      elems.push_back(lit->text);
    }
    size_t next = 0;
    std::string decl = "__constant__ " + ctype.getValue().str() + " " + name.getValue().str() +
                       dims(mt.getShape()) + " = " +
                       (mt.getRank() ? initText(elems, mt.getShape(), next) : elems[0]) + ";";
    if (failed(record(name.getValue(), decl)))
      return WalkResult::interrupt();
    memNames[gg.getResult()] = name.getValue().str();
    reserved.insert(name.getValue());
    scopes.back().insert(name.getValue());
    skipOps.insert(op);
    return WalkResult::advance();
  });
  return failure(w.wasInterrupted());
}

FailureOr<std::string> FunctionEmitter::access(Value memref, ValueRange indices, Expr &out) {
  Location loc = memref.getLoc();
  FailureOr<std::string> name = memrefName(memref, loc);
  if (failed(name))
    return failure();
  std::string text = *name;
  for (Value idx : indices) {
    FailureOr<Expr> e = use(idx);
    if (failed(e))
      return failure();
    if (e->type.kind != CKind::Int)
      return emitError(loc) << "kfix export: non-integer index";
    text += "[" + e->text + "]";
    merge(out, *e);
  }
  Value root = getRoot(memref);
  if (!llvm::is_contained(out.reads, root))
    out.reads.push_back(root);
  FailureOr<CType> t =
      cType(cast<MemRefType>(memref.getType()).getElementType(), loc, unsignedElems.lookup(root));
  if (failed(t))
    return failure();
  out.type = *t;
  out.prec = indices.empty() ? kPrimary : kPostfix;
  return text;
}

/// `%idx` as `n * x` (either order, before or after an index cast): returns x.
static Value matchScaled(Value idx, int64_t n) {
  if (Operation *def = idx.getDefiningOp())
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def))
      idx = def->getOperand(0);
  auto mul = idx.getDefiningOp<arith::MulIOp>();
  if (!mul)
    return {};
  for (int i = 0; i < 2; ++i) {
    APInt c;
    if (matchPattern(mul->getOperand(i), m_ConstantInt(&c)) && c == n)
      return mul->getOperand(1 - i);
  }
  return {};
}

FailureOr<std::string> FunctionEmitter::vectorAccess(Value memref, ValueRange indices,
                                                     VectorType type, bool isStore, Expr &out) {
  Location loc = memref.getLoc();
  FailureOr<CType> vt = cType(type, loc);
  if (failed(vt))
    return failure();
  if (indices.empty())
    return emitError(loc) << "cannot export a vector access to a 0-d memref";
  std::string ptr = std::string(isStore ? "" : "const ") + vt->name + " *";
  Value x = matchScaled(indices.back(), type.getShape()[0]);
  std::string text;
  if (x) {
    // reinterpret_cast<const float4 *>(p)[i], the source's idiom.
    FailureOr<std::string> base = access(memref, indices.drop_back(), out);
    FailureOr<Expr> i = use(x);
    if (failed(base) || failed(i))
      return failure();
    merge(out, *i);
    text = "reinterpret_cast<" + ptr + ">(" + *base + ")[" + i->text + "]";
    out.prec = kPostfix;
  } else {
    FailureOr<std::string> elt = access(memref, indices, out);
    if (failed(elt))
      return failure();
    text = "*reinterpret_cast<" + ptr + ">(&" + *elt + ")";
    out.prec = kUnary;
  }
  out.type = *vt;
  return text;
}

FailureOr<std::string> FunctionEmitter::pointerTo(Value memref, ValueRange indices,
                                                  const CType &want, Expr &out) {
  FailureOr<std::string> elt = access(memref, indices, out);
  if (failed(elt))
    return failure();
  std::string ptr = "&" + *elt;
  if (out.type.name != want.name)
    ptr = "reinterpret_cast<" + want.name + " *>(" + ptr + ")";
  return ptr;
}

FailureOr<Expr> FunctionEmitter::buildAtomic(Operation *op) {
  Location loc = op->getLoc();
  if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op)) {
    using K = arith::AtomicRMWKind;
    K kind = rmw.getKind();
    Type t = rmw.getValue().getType();
    FailureOr<CType> ct = cType(t, loc);
    if (failed(ct))
      return failure();
    FailureOr<Expr> v = use(rmw.getValue());
    if (failed(v))
      return failure();
    unsigned w = isa<IntegerType>(t) ? widthOf(t) : 0;
    // The overload CUDA provides for each kind and width.
    CType want = *ct;
    std::string fn;
    switch (kind) {
    case K::addf:
      fn = "atomicAdd";
      break;
    case K::addi:
      fn = "atomicAdd";
      want = intType(w, w == 64 || unsignedElems.lookup(getRoot(rmw.getMemref())));
      break;
    case K::assign:
      fn = "atomicExch";
      if (w)
        want = intType(w, w == 64 || unsignedElems.lookup(getRoot(rmw.getMemref())));
      break;
    case K::maxs:
    case K::mins:
      fn = kind == K::maxs ? "atomicMax" : "atomicMin";
      want = intType(w, false);
      break;
    case K::maxu:
    case K::minu:
      fn = kind == K::maxu ? "atomicMax" : "atomicMin";
      want = intType(w, true);
      break;
    case K::ori:
    case K::andi:
    case K::xori:
      fn = kind == K::ori ? "atomicOr" : kind == K::andi ? "atomicAnd" : "atomicXor";
      want = intType(w, w == 64 || unsignedElems.lookup(getRoot(rmw.getMemref())));
      break;
    case K::maximumf:
    case K::minimumf:
    case K::maxnumf:
    case K::minnumf:
      if (!t.isF32())
        return op->emitError("cannot export a floating-point atomic max/min on ")
               << t << " to CUDA C++";
      fn = kind == K::maximumf || kind == K::maxnumf ? "kfix_atomicMaxf" : "kfix_atomicMinf";
      mod.helpers.insert(fn == "kfix_atomicMaxf" ? "kfix_atomicMaxf" : "kfix_atomicMinf");
      break;
    default:
      return op->emitError("cannot export 'memref.atomic_rmw ")
             << arith::stringifyAtomicRMWKind(kind) << "' to CUDA C++";
    }
    if (w && (w < 32))
      return op->emitError("cannot export an atomic on ") << t << " to CUDA C++";
    Expr e;
    FailureOr<std::string> ptr = pointerTo(rmw.getMemref(), rmw.getIndices(), want, e);
    if (failed(ptr))
      return failure();
    Expr val = w ? asInt(*v, w, want.isUnsigned) : *v;
    Expr r = call(fn, {make(*ptr, kUnary, want), val}, want);
    merge(r, e);
    r.effects = true;
    return r;
  }
  // generic_atomic_rmw: only compare-and-swap, which is atomicCAS.
  auto gen = cast<memref::GenericAtomicRMWOp>(op);
  Block &body = gen.getRegion().front();
  Value old = body.getArgument(0);
  auto yield = cast<memref::AtomicYieldOp>(body.getTerminator());
  auto sel = yield.getResult().getDefiningOp<arith::SelectOp>();
  auto cmp = sel ? sel.getCondition().getDefiningOp<arith::CmpIOp>() : nullptr;
  Type t = old.getType();
  if (!sel || !cmp || cmp.getPredicate() != arith::CmpIPredicate::eq ||
      sel.getFalseValue() != old || !isa<IntegerType>(t) ||
      (widthOf(t) != 32 && widthOf(t) != 64) || (cmp.getLhs() != old && cmp.getRhs() != old) ||
      body.getOperations().size() > 4)
    return op->emitError("cannot export this 'memref.generic_atomic_rmw': only "
                         "compare-and-swap (atomicCAS) on i32/i64 is supported");
  Value compare = cmp.getLhs() == old ? cmp.getRhs() : cmp.getLhs();
  Value newVal = sel.getTrueValue();
  auto operand = [&](Value v) -> FailureOr<Expr> {
    if (v.getParentRegion() == &gen.getRegion()) {
      Attribute c;
      if (!matchPattern(v, m_Constant(&c)))
        return FailureOr<Expr>(op->emitError("unsupported value in generic_atomic_rmw body"));
      return literal(c, v.getType(), loc);
    }
    return use(v);
  };
  FailureOr<Expr> c = operand(compare), n = operand(newVal);
  if (failed(c) || failed(n))
    return failure();
  unsigned w = widthOf(t);
  CType want = intType(w, w == 64 || unsignedElems.lookup(getRoot(gen.getMemref())));
  Expr e;
  FailureOr<std::string> ptr = pointerTo(gen.getMemref(), gen.getIndices(), want, e);
  if (failed(ptr))
    return failure();
  Expr r =
      call("atomicCAS",
           {make(*ptr, kUnary, want), asInt(*c, w, want.isUnsigned), asInt(*n, w, want.isUnsigned)},
           want);
  merge(r, e);
  r.effects = true;
  return r;
}

LogicalResult FunctionEmitter::emitStore(Operation *op) {
  if (skipOps.contains(op))
    return success();
  auto vstore = dyn_cast<vector::StoreOp>(op);
  Value memref = vstore ? vstore.getBase() : cast<memref::StoreOp>(op).getMemref();
  Value value = op->getOperand(0);
  ValueRange indices = vstore ? vstore.getIndices() : cast<memref::StoreOp>(op).getIndices();

  // `T v = value;` where this store is the first use of a local.
  Operation *alloca = memref.getDefiningOp<memref::AllocaOp>();
  auto &declHere = declareBefore[op];
  if (!vstore && alloca && indices.empty() && llvm::is_contained(declHere, alloca)) {
    llvm::erase(declHere, alloca);
    for (Operation *other : declHere)
      if (failed(declareAlloca(other)))
        return failure();
    declHere.clear();
    FailureOr<Expr> v = use(value);
    if (failed(v))
      return failure();
    auto name = alloca->getAttrOfType<StringAttr>("kfix.var");
    std::string cname = declareName(name ? name.getValue() : "v");
    memNames[memref] = cname;
    FailureOr<std::string> decl = scalarDeclarator(alloca, cname);
    if (failed(decl))
      return failure();
    flushFor(op);
    locComment(op);
    line(*decl + " = " + v->text + ";");
    return success();
  }
  for (Operation *other : declHere)
    if (failed(declareAlloca(other)))
      return failure();
  declHere.clear();

  // `v.x = s;` for a store of vector.insert(load v) back to v.
  if (auto ins = value.getDefiningOp<vector::InsertOp>()) {
    auto ld = ins.getDest().getDefiningOp<memref::LoadOp>();
    ArrayRef<int64_t> pos = ins.getStaticPosition();
    if (!vstore && ld && ld.getMemref() == memref && llvm::equal(ld.getIndices(), indices) &&
        ins->hasOneUse() && ld->hasOneUse() && pos.size() == 1 && !ShapedType::isDynamic(pos[0]) &&
        ins.getDynamicPosition().empty() && pos[0] < 4) {
      // Rebuild from the operands instead of the make_float4 expression.
      FailureOr<Expr> s = use(ins.getValueToStore());
      Expr target;
      FailureOr<std::string> t = access(memref, indices, target);
      if (failed(s) || failed(t))
        return failure();
      (void)use(ld.getResult());
      (void)use(ins.getResult());
      flushFor(op);
      locComment(op);
      static const char *lanes[] = {"x", "y", "z", "w"};
      line(*t + "." + lanes[pos[0]] + " = " + s->text + ";");
      return success();
    }
  }

  // `x op= rhs` for a store of op(load x, rhs) back to x.
  Operation *bin = value.getDefiningOp();
  Type vt = value.getType();
  bool compoundType = vt.isF32() || vt.isF64() || (isa<IntegerType>(vt) && widthOf(vt) >= 32);
  if (!vstore && bin && compoundType && bin->getNumOperands() == 2 && bin->hasOneUse() &&
      isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp, arith::AddIOp, arith::SubIOp,
          arith::MulIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::ShLIOp, arith::ShRSIOp,
          arith::ShRUIOp, arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(bin)) {
    auto ld = bin->getOperand(0).getDefiningOp<memref::LoadOp>();
    auto fm = bin->getAttrOfType<arith::FastMathFlagsAttr>("fastmath");
    bool plainFm = !fm || fm.getValue() == arith::FastMathFlags::none;
    if (ld && plainFm && ld.getMemref() == memref && llvm::equal(ld.getIndices(), indices) &&
        ld->hasOneUse() && ld->getBlock() == op->getBlock() && bin->getBlock() == op->getBlock()) {
      auto vit = values.find(ld.getResult());
      Expr probe;
      FailureOr<std::string> t = access(memref, indices, probe);
      if (failed(t))
        return failure();
      // Signed/unsigned ops compound only on a variable of that signedness.
      bool wantU = isa<arith::ShRUIOp, arith::DivUIOp, arith::RemUIOp>(bin);
      bool typed = isa<arith::ShRSIOp, arith::ShRUIOp, arith::DivSIOp, arith::DivUIOp,
                       arith::RemSIOp, arith::RemUIOp>(bin);
      if (vit != values.end() && vit->second.text == *t &&
          (!typed || probe.type.isUnsigned == wantU)) {
        FailureOr<Expr> rhs = use(bin->getOperand(1));
        if (failed(rhs))
          return failure();
        (void)use(ld.getResult());
        (void)use(value);
        StringRef sym =
            llvm::TypeSwitch<Operation *, StringRef>(bin)
                .Case<arith::AddFOp, arith::AddIOp>([](auto) { return "+="; })
                .Case<arith::SubFOp, arith::SubIOp>([](auto) { return "-="; })
                .Case<arith::MulFOp, arith::MulIOp>([](auto) { return "*="; })
                .Case<arith::DivFOp, arith::DivSIOp, arith::DivUIOp>([](auto) { return "/="; })
                .Case<arith::RemSIOp, arith::RemUIOp>([](auto) { return "%="; })
                .Case<arith::ShLIOp>([](auto) { return "<<="; })
                .Case<arith::ShRSIOp, arith::ShRUIOp>([](auto) { return ">>="; })
                .Case<arith::AndIOp>([](auto) { return "&="; })
                .Case<arith::OrIOp>([](auto) { return "|="; })
                .Default([](auto) { return "^="; });
        flushFor(op);
        locComment(op);
        line(*t + " " + sym + " " + rhs->text + ";");
        return success();
      }
    }
  }

  FailureOr<Expr> v = use(value);
  if (failed(v))
    return failure();
  Expr target;
  FailureOr<std::string> t =
      vstore ? vectorAccess(memref, indices, vstore.getVectorType(), true, target)
             : access(memref, indices, target);
  if (failed(t))
    return failure();
  flushFor(op);
  locComment(op);
  line(*t + " = " + v->text + ";");
  return success();
}
