//===- RepairVectorTail.cpp - the scalar remainder of a vectorized loop ----===//
//
// A kernel that reads and writes float4 / half2 / char4 vectors over a flat
// buffer of n elements covers n / VEC vectors: when n is not a multiple of
// VEC, the last n % VEC elements are never written. The human fix is a
// scalar remainder after the vector loop, the same computation one element
// at a time:
//
//   for (v = tid; v < n / 4; v += stride) { float4 a = x4[v]; ...; y4[v] = r; }
//   for (i = (n / 4) * 4 + tid; i < n; i += stride) y[i] = f(x[i]);   // added
//
// (and `if (i < n / 2) {...}` gets `if ((n / 2) * 2 + i < n) {...}`). The
// remainder's body is the vector body's lane 0: vector loads and stores
// become scalar ones at the element index `i` (which stands for `v * VEC`),
// element-wise vector arithmetic becomes scalar, `vector.extract [0]` and
// `vector.insert [0]` are the lane itself, and what only the other lanes
// need is dropped. Bodies with nested control flow or other vector ops are
// left alone.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/IndexLayout.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRVECTORTAIL
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-vector-tail";

/// `n / VEC` (or `n >> log2 VEC`), through casts and a local that holds it:
/// n and VEC.
std::optional<std::pair<Value, int64_t>> vectorCount(Value v) {
  v = stripCasts(v);
  if (Value s = singleStoredValue(v))
    v = stripCasts(s);
  Operation *d = v.getDefiningOp();
  if (!d)
    return std::nullopt;
  auto k = d->getNumOperands() == 2 ? getConstInt(stripCasts(d->getOperand(1))) : std::nullopt;
  if (!k)
    return std::nullopt;
  if (isa<arith::DivSIOp, arith::DivUIOp>(d) && *k >= 2 && *k <= 16)
    return std::make_pair(d->getOperand(0), *k);
  if (isa<arith::ShRSIOp, arith::ShRUIOp>(d) && *k >= 1 && *k <= 4)
    return std::make_pair(d->getOperand(0), int64_t(1) << *k);
  return std::nullopt;
}

/// `v` as the integer type `t` (index casts, sign extension, truncation).
Value castTo(OpBuilder &b, Location loc, Value v, Type t) {
  if (v.getType() == t)
    return v;
  if (t.isIndex() || v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, t, v);
  return t.getIntOrFloatBitWidth() < v.getType().getIntOrFloatBitWidth()
             ? Value(arith::TruncIOp::create(b, loc, t, v))
             : Value(arith::ExtSIOp::create(b, loc, t, v));
}

/// One vectorized region: its body, the value that counts vectors there (the
/// loop variable or the guarded index) and the element count n.
struct VectorRegion {
  Operation *op; // scf.for, scf.while, or the scf.if of the guard
  Block *body;
  Value index; // the vector index inside the body (null: the loads of `var`)
  Value n;     // element count
  int64_t vec;
  // An scf.while `for (v = init; v < n / VEC; v += step)`: v's local, the
  // value stored to it before the loop, the increment's store, its step.
  Value var, init, step;
  Operation *increment = nullptr;
  // `if (i + VEC - 1 < n)` (or `i + VEC <= n`) where i counts elements: the
  // index is the element itself, and the remainder runs from i to n.
  bool elementIndexed = false;
};

/// The lane-0 copy of a vector body, built before `builder`'s point.
class Scalarizer {
public:
  Scalarizer(OpBuilder &b, const VectorRegion &r, Value element, gpu::GPUFuncOp func)
      : b(b), r(r), element(element), func(func) {}

  bool run() {
    // The locals that hold the vector index: their loads stand for it.
    if (r.var)
      indexVars.insert(r.var);
    if (r.index)
      if (auto ld = stripCasts(r.index).getDefiningOp<memref::LoadOp>();
          ld && ld.getIndices().empty() && ld.getMemref().getDefiningOp<memref::AllocaOp>())
        indexVars.insert(ld.getMemref());
    for (Operation &op : *r.body)
      if (auto st = dyn_cast<memref::StoreOp>(op);
          st && st.getValueToStore() == r.index && st.getIndices().empty())
        indexVars.insert(st.getMemref());
    // The locals the body assigns (declared in it, as a rule): the remainder
    // has its own, out of the vector loop's scope.
    for (Operation &op : *r.body)
      if (auto st = dyn_cast<memref::StoreOp>(op);
          st && st.getIndices().empty() && st.getMemref().getDefiningOp<memref::AllocaOp>() &&
          !indexVars.contains(st.getMemref())) {
        bodyLocals.insert(st.getMemref());
        ++storeCount[st.getMemref()];
      }
    for (Operation &op : r.body->without_terminator()) {
      if (r.increment && (&op == r.increment || &op == r.increment->getOperand(0).getDefiningOp()))
        continue; // `v += step`: the remainder's loop steps itself
      if (!visit(op))
        return false;
    }
    return true;
  }

private:
  OpBuilder &b;
  const VectorRegion &r;
  Value element;
  gpu::GPUFuncOp func;
  IRMapping map;
  llvm::DenseSet<Value> indexVars, indexValues, dead, bodyLocals, elementLocals, quotients;
  DenseMap<Value, Value> scalarTwin; // a body's local -> the remainder's
  DenseMap<Value, unsigned> storeCount;

  bool isIndex(Value v) {
    v = stripCasts(v);
    return (r.index && v == r.index) || indexValues.contains(v);
  }

  /// `index * VEC` in either order.
  bool isElementBase(Operation &op) {
    if (!isa<arith::MulIOp>(op))
      return false;
    for (int s = 0; s < 2; ++s)
      if (isIndex(op.getOperand(s)))
        if (auto k = getConstInt(stripCasts(op.getOperand(1 - s))); k && *k == r.vec)
          return true;
    return false;
  }

  /// `i / VEC` or `i >> log2(VEC)` of the element index.
  bool isVectorOfElement(Operation &op) {
    if (!isa<arith::DivSIOp, arith::DivUIOp, arith::ShRSIOp, arith::ShRUIOp>(op) ||
        !isIndex(op.getOperand(0)))
      return false;
    auto k = getConstInt(stripCasts(op.getOperand(1)));
    if (!k)
      return false;
    return isa<arith::DivSIOp, arith::DivUIOp>(op) ? *k == r.vec : (int64_t(1) << *k) == r.vec;
  }

  Value castLike(Value v, Type t) { return castTo(b, v.getLoc(), v, t); }

  Value twinOf(Value alloca) {
    auto it = scalarTwin.find(alloca);
    if (it != scalarTwin.end())
      return it->second;
    auto a = alloca.getDefiningOp<memref::AllocaOp>();
    Type et = a.getType().getElementType();
    if (auto vt = dyn_cast<VectorType>(et))
      et = vt.getElementType();
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(a);
    auto twin = memref::AllocaOp::create(b, a.getLoc(), MemRefType::get({}, et));
    if (auto n = a->getAttrOfType<StringAttr>("kfix.var"))
      twin->setAttr("kfix.var", b.getStringAttr(n.getValue() + "_tail"));
    markRepaired(twin, kPassArg);
    scalarTwin[alloca] = twin.getResult();
    return twin.getResult();
  }

  bool anyDead(Operation &op) {
    return llvm::any_of(op.getOperands(), [&](Value v) { return dead.contains(v); });
  }

  Value get(Value v) { return map.lookupOrDefault(v); }

  bool visit(Operation &op) {
    if (op.getNumRegions())
      return false;
    // Reads of the vector index: only as `index * VEC` (the element base).
    if (auto ld = dyn_cast<memref::LoadOp>(op); ld && indexVars.contains(ld.getMemref())) {
      indexValues.insert(ld.getResult());
      if (r.elementIndexed)
        map.map(ld.getResult(), castLike(element, ld.getType()));
      return true;
    }
    if (auto st = dyn_cast<memref::StoreOp>(op); st && indexVars.contains(st.getMemref()))
      return true;
    if (isElementBase(op) && !r.elementIndexed) {
      map.map(op.getResult(0), castLike(element, op.getResult(0).getType()));
      return true;
    }
    if (r.elementIndexed && isVectorOfElement(op)) {
      // `i / VEC` (the float4 index of element i): `* VEC` gives the element back.
      quotients.insert(op.getResult(0));
      return true;
    }
    if (r.elementIndexed && isa<arith::MulIOp, arith::ShLIOp>(op) &&
        llvm::any_of(op.getOperands(),
                     [&](Value v) { return quotients.contains(stripCasts(v)); })) {
      map.map(op.getResult(0), castLike(element, op.getResult(0).getType()));
      return true;
    }
    if (r.elementIndexed && llvm::any_of(op.getResults(), [&](Value v) { return isIndex(v); })) {
      // A read of the element index (or its cast): the remainder's element.
      for (Value v : op.getResults())
        map.map(v, castLike(element, v.getType()));
      return true;
    }
    if (r.elementIndexed && llvm::any_of(op.getOperands(), [&](Value v) { return isIndex(v); })) {
      // `i + k`, `i * 2`...: computed from the remainder's element.
      b.clone(op, map);
      return true;
    }
    for (Value o : op.getOperands())
      if (isIndex(o) && !isa<arith::IndexCastOp, arith::ExtSIOp, arith::ExtUIOp>(op))
        return false; // the vector index used for something else
    if (isa<arith::IndexCastOp, arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp>(op) &&
        isIndex(op.getOperand(0))) {
      indexValues.insert(op.getResult(0));
      return true;
    }
    if (anyDead(op) && !isa<vector::InsertOp, memref::StoreOp>(op)) {
      for (Value res : op.getResults())
        dead.insert(res);
      return true;
    }
    Location loc = op.getLoc();
    if (auto ld = dyn_cast<vector::LoadOp>(op)) {
      if (ld.getIndices().size() != 1)
        return false;
      map.map(ld.getResult(), memref::LoadOp::create(b, loc, get(ld.getBase()),
                                                     ValueRange{get(ld.getIndices()[0])}));
      return true;
    }
    if (auto st = dyn_cast<vector::StoreOp>(op)) {
      if (st.getIndices().size() != 1)
        return false;
      memref::StoreOp::create(b, loc, get(st.getValueToStore()), get(st.getBase()),
                              ValueRange{get(st.getIndices()[0])});
      return true;
    }
    if (auto ex = dyn_cast<vector::ExtractOp>(op)) {
      auto pos = ex.getStaticPosition();
      if (pos.size() != 1 || !ex.getDynamicPosition().empty())
        return false;
      if (pos[0] == 0)
        map.map(ex.getResult(), get(ex.getSource()));
      else
        dead.insert(ex.getResult());
      return true;
    }
    if (auto ins = dyn_cast<vector::InsertOp>(op)) {
      auto pos = ins.getStaticPosition();
      if (pos.size() != 1 || !ins.getDynamicPosition().empty())
        return false;
      if (pos[0] == 0) {
        if (dead.contains(ins.getValueToStore()))
          return false;
        map.map(ins.getResult(), get(ins.getValueToStore()));
      } else if (dead.contains(ins.getDest())) {
        dead.insert(ins.getResult());
      } else {
        map.map(ins.getResult(), get(ins.getDest()));
      }
      return true;
    }
    if (isa<vector::BroadcastOp, vector::FromElementsOp>(op)) {
      if (isa<VectorType>(op.getOperand(0).getType()) || dead.contains(op.getOperand(0)))
        return false;
      map.map(op.getResult(0), get(op.getOperand(0)));
      return true;
    }
    if (auto ld = dyn_cast<memref::LoadOp>(op)) {
      if (auto a = ld.getMemref().getDefiningOp<memref::AllocaOp>();
          a &&
          (isa<VectorType>(a.getType().getElementType()) || bodyLocals.contains(ld.getMemref()))) {
        if (!ld.getIndices().empty())
          return false;
        if (elementLocals.contains(ld.getMemref())) {
          map.map(ld.getResult(), castLike(element, ld.getType()));
          return true;
        }
        map.map(ld.getResult(), memref::LoadOp::create(b, loc, twinOf(ld.getMemref())));
        return true;
      }
    }
    if (auto st = dyn_cast<memref::StoreOp>(op)) {
      if (auto a = st.getMemref().getDefiningOp<memref::AllocaOp>();
          a &&
          (isa<VectorType>(a.getType().getElementType()) || bodyLocals.contains(st.getMemref()))) {
        if (!st.getIndices().empty())
          return false;
        if (dead.contains(st.getValueToStore()))
          return true; // a lane the remainder does not compute
        if (Value e = stripCasts(get(st.getValueToStore()));
            e == element && storeCount.lookup(st.getMemref()) == 1) {
          // `base = v * VEC`: the element index itself; its reads are `i`.
          elementLocals.insert(st.getMemref());
          return true;
        }
        Value v = get(st.getValueToStore()), twin = twinOf(st.getMemref());
        if (auto back = v.getDefiningOp<memref::LoadOp>(); back && back.getMemref() == twin)
          return true; // another lane's update: lane 0 stays as it is
        memref::StoreOp::create(b, loc, v, twin);
        return true;
      }
      if (dead.contains(st.getValueToStore()))
        return true; // another lane's element
      if (anyDead(op))
        return false;
    }
    // Element-wise vector arithmetic and math: the same op on lane 0.
    bool vectorResult =
        llvm::any_of(op.getResultTypes(), [](Type t) { return isa<VectorType>(t); });
    if (vectorResult) {
      StringRef ns = op.getDialect() ? op.getDialect()->getNamespace() : "";
      if ((ns != "arith" && ns != "math") || op.getNumResults() != 1)
        return false;
      OperationState st(loc, op.getName());
      for (Value o : op.getOperands())
        st.addOperands(get(o));
      st.addTypes(cast<VectorType>(op.getResult(0).getType()).getElementType());
      st.addAttributes(op.getAttrs());
      map.map(op.getResult(0), b.create(st)->getResult(0));
      return true;
    }
    if (llvm::any_of(op.getOperandTypes(), [](Type t) { return isa<VectorType>(t); }))
      return false;
    b.clone(op, map);
    return true;
  }
};

struct RepairVectorTailPass : public kfix::impl::RepairVectorTailBase<RepairVectorTailPass> {
  using RepairVectorTailBase::RepairVectorTailBase;

  /// The vector regions of a kernel: loops over `n / VEC` vectors and
  /// guards `i < n / VEC`, each with a vector store at `index * VEC`.
  std::vector<VectorRegion> find(gpu::GPUFuncOp func) {
    std::vector<VectorRegion> out;
    auto hasVectorStore = [](Block *b, int64_t vec) {
      bool found = false;
      b->walk([&](vector::StoreOp st) {
        found |= st.getVectorType().getRank() == 1 && st.getVectorType().getShape()[0] == vec;
      });
      return found;
    };
    func.walk([&](Operation *op) {
      if (!loc.empty() && !locMatches(op->getLoc(), loc))
        return;
      if (auto f = dyn_cast<scf::ForOp>(op)) {
        auto c = vectorCount(f.getUpperBound());
        if (c && hasVectorStore(f.getBody(), c->second))
          out.push_back({op, f.getBody(), f.getInductionVar(), c->first, c->second});
        return;
      }
      if (auto w = dyn_cast<scf::WhileOp>(op)) {
        if (auto r = whileRegion(w); r && hasVectorStore(r->body, r->vec))
          out.push_back(*r);
        return;
      }
      auto ifOp = dyn_cast<scf::IfOp>(op);
      auto cmp = ifOp ? ifOp.getCondition().getDefiningOp<arith::CmpIOp>() : arith::CmpIOp();
      if (!cmp || ifOp.getThenRegion().empty())
        return;
      using P = arith::CmpIPredicate;
      if (cmp.getPredicate() != P::slt && cmp.getPredicate() != P::ult)
        return;
      auto c = vectorCount(cmp.getRhs());
      Block *then = &ifOp.getThenRegion().front();
      if (c && hasVectorStore(then, c->second)) {
        out.push_back({op, then, stripCasts(cmp.getLhs()), c->first, c->second});
        return;
      }
      if (auto e = elementGuard(cmp);
          e && ifOp.getElseRegion().empty() && hasVectorStore(then, e->second)) {
        VectorRegion r{op, then, e->first, cmp.getRhs(), e->second};
        r.elementIndexed = true;
        out.push_back(r);
      }
    });
    return out;
  }

  /// `i + (VEC - 1) < n` (strict) or `i + VEC <= n`: i and VEC.
  static std::optional<std::pair<Value, int64_t>> elementGuard(arith::CmpIOp cmp) {
    using P = arith::CmpIPredicate;
    auto add = stripCasts(cmp.getLhs()).getDefiningOp<arith::AddIOp>();
    if (!add)
      return std::nullopt;
    for (int s = 0; s < 2; ++s) {
      auto k = getConstInt(stripCasts(add->getOperand(1 - s)));
      if (!k)
        continue;
      bool strict = cmp.getPredicate() == P::slt || cmp.getPredicate() == P::ult;
      bool incl = cmp.getPredicate() == P::sle || cmp.getPredicate() == P::ule;
      int64_t vec = strict ? *k + 1 : incl ? *k : 0;
      if (vec >= 2 && vec <= 16 && (vec & (vec - 1)) == 0)
        return std::make_pair(stripCasts(add->getOperand(s)), vec);
    }
    return std::nullopt;
  }

  /// `v = init; while (v < n / VEC) { ...; v = v + step; }` with `step`
  /// read from a local the loop does not assign.
  static std::optional<VectorRegion> whileRegion(scf::WhileOp w) {
    if (w.getNumResults() || !w.getInits().empty() || w.getBefore().front().getNumArguments())
      return std::nullopt;
    auto cond = cast<scf::ConditionOp>(w.getBefore().front().getTerminator());
    auto cmp = cond.getCondition().getDefiningOp<arith::CmpIOp>();
    using P = arith::CmpIPredicate;
    if (!cmp || (cmp.getPredicate() != P::slt && cmp.getPredicate() != P::ult))
      return std::nullopt;
    auto ld = stripCasts(cmp.getLhs()).getDefiningOp<memref::LoadOp>();
    auto var = ld ? ld.getMemref().getDefiningOp<memref::AllocaOp>() : nullptr;
    auto c = vectorCount(cmp.getRhs());
    if (!var || !ld.getIndices().empty() || !c)
      return std::nullopt;
    // n must be readable after the loop: a value defined outside it.
    if (w->isAncestor(c->first.getParentRegion()->getParentOp()) ||
        w.getBefore().isAncestor(c->first.getParentRegion()) ||
        w.getAfter().isAncestor(c->first.getParentRegion()))
      return std::nullopt;
    VectorRegion r{w, &w.getAfter().front(), Value(), c->first, c->second};
    r.var = var.getResult();
    for (Operation *p = w->getPrevNode(); p; p = p->getPrevNode())
      if (auto st = dyn_cast<memref::StoreOp>(p); st && st.getMemref() == r.var) {
        r.init = st.getValueToStore();
        break;
      }
    unsigned stores = 0;
    for (Operation &op : *r.body) {
      auto st = dyn_cast<memref::StoreOp>(op);
      if (!st || st.getMemref() != r.var)
        continue;
      ++stores;
      auto add = st.getValueToStore().getDefiningOp<arith::AddIOp>();
      if (!add)
        return std::nullopt;
      for (int s = 0; s < 2; ++s) {
        auto l = add->getOperand(s).getDefiningOp<memref::LoadOp>();
        if (l && l.getMemref() == r.var) {
          r.step = add->getOperand(1 - s);
          r.increment = st;
        }
      }
    }
    if (!r.init || !r.step || stores != 1)
      return std::nullopt;
    // The step: a value from outside the loop, or a read of a local the loop
    // does not assign (re-read before the remainder).
    if (w->isAncestor(r.step.getParentBlock()->getParentOp())) {
      auto sl = r.step.getDefiningOp<memref::LoadOp>();
      if (!sl || !sl.getIndices().empty() ||
          llvm::any_of(sl.getMemref().getUsers(),
                       [&](Operation *u) { return isa<memref::StoreOp>(u) && w->isAncestor(u); }))
        return std::nullopt;
    }
    return r;
  }

  /// The remainder after `r.op`: a loop (or guard) over the last n % VEC
  /// elements whose body is the lane-0 copy of the vector body.
  bool addRemainder(gpu::GPUFuncOp func, VectorRegion &r) {
    OpBuilder b(r.op->getContext());
    b.setInsertionPointAfter(r.op);
    Location loc = r.op->getLoc();
    Value n = r.n;
    Type it = n.getType();
    auto cst = [&](int64_t k) {
      return arith::ConstantOp::create(b, loc, IntegerAttr::get(it, k));
    };
    // (n / VEC) * VEC: where the remainder starts.
    Operation *shell;
    Value element;
    if (r.elementIndexed) {
      // The thread whose vector did not fit (the guard's negation) runs
      // i .. n-1 one by one.
      auto ifOp = cast<scf::IfOp>(r.op);
      Value i = r.index;
      // A comparison of its own (`i + 3 >= n`), so that the delivery prints it
      // rather than reading the vector guard's.
      auto cmp = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
      Operation *lhsDef = cmp.getLhs().getDefiningOp();
      Value lhs = lhsDef ? b.clone(*lhsDef)->getResult(0) : cmp.getLhs();
      Value partial = arith::CmpIOp::create(b, loc, arith::invertPredicate(cmp.getPredicate()), lhs,
                                            cmp.getRhs());
      auto guard = scf::IfOp::create(b, loc, partial, /*withElseRegion=*/false);
      b.setInsertionPointToStart(&guard.getThenRegion().front());
      Value from = castTo(b, loc, i, it);
      auto loop = scf::ForOp::create(b, loc, from, n, cst(1));
      shell = guard;
      b.setInsertionPointToStart(loop.getBody());
      element = loop.getInductionVar();
      Scalarizer s(b, r, element, func);
      if (!s.run()) {
        shell->erase();
        return false;
      }
      return finish(shell);
    }
    Value start =
        arith::MulIOp::create(b, loc, arith::DivSIOp::create(b, loc, n, cst(r.vec)), cst(r.vec));
    if (auto f = dyn_cast<scf::ForOp>(r.op)) {
      Value lb = f.getLowerBound(), step = f.getStep();
      Type lt = lb.getType();
      Value from = arith::AddIOp::create(b, loc, castTo(b, loc, start, lt), lb);
      auto loop = scf::ForOp::create(b, loc, from, castTo(b, loc, n, lt), step);
      shell = loop;
      b.setInsertionPointToStart(loop.getBody());
      element = loop.getInductionVar();
    } else if (isa<scf::WhileOp>(r.op)) {
      Value step = r.step;
      if (r.op->isAncestor(step.getParentBlock()->getParentOp()))
        step = memref::LoadOp::create(b, loc, step.getDefiningOp<memref::LoadOp>().getMemref());
      Type lt = r.init.getType();
      Value from = arith::AddIOp::create(b, loc, castTo(b, loc, start, lt), r.init);
      auto loop = scf::ForOp::create(b, loc, from, castTo(b, loc, n, lt), castTo(b, loc, step, lt));
      shell = loop;
      b.setInsertionPointToStart(loop.getBody());
      element = loop.getInductionVar();
    } else {
      Value i = r.index;
      Value at = arith::AddIOp::create(b, loc, start, castTo(b, loc, i, it));
      Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, at, n);
      auto guard = scf::IfOp::create(b, loc, in, /*withElseRegion=*/false);
      shell = guard;
      b.setInsertionPointToStart(&guard.getThenRegion().front());
      element = at;
    }
    Scalarizer s(b, r, element, func);
    if (!s.run()) {
      shell->erase();
      return false;
    }
    return finish(shell);
  }

  bool finish(Operation *shell) {
    // Drop what only the other lanes needed.
    bool changed = true;
    while (changed) {
      changed = false;
      shell->walk([&](Operation *o) {
        if (o != shell && o->use_empty() && isOpTriviallyDead(o)) {
          o->erase();
          changed = true;
        }
      });
    }
    // The remainder stands for no text of the file: the delivery prints it
    // from the IR, after the vector loop (not as an edit of that loop).
    shell->walk([&](Operation *o) { o->setLoc(UnknownLoc::get(o->getContext())); });
    markRepaired(shell, kPassArg);
    return true;
  }

  void runOnOperation() override {
    unsigned added = 0;
    getOperation().walk([&](gpu::GPUFuncOp func) {
      for (VectorRegion &r : find(func))
        if (addRemainder(func, r)) {
          ++numRewrites;
          ++added;
        }
    });
    if (added == 0)
      getOperation().emitWarning() << kPassArg << ": no vector loop over n / VEC elements";
  }
};

} // namespace
