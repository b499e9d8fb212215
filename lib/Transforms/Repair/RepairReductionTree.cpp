//===- RepairReductionTree.cpp - tree reductions for any block size -------===//
//
// `for (s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) sh[tid] += sh[tid + s];
// __syncthreads(); }` loses elements when blockDim.x is not a power of two, and
// a wrong start (`s = blockDim.x`, `s = 128` for 256 threads) reads out of
// range or skips half of the elements. The loop is rebuilt over the number of
// live elements `m`: `s = (m + 1) / 2` folds the upper part onto the lower one,
// guarded by `tid + s < m`, until one element is left.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "WhileLoops.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRREDUCTIONTREE
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-reduction-tree";

/// One matched reduction: the loop, the guard `tid < s` and the thread index.
struct TreeMatch {
  CountedWhile w;
  scf::IfOp guard;
  arith::CmpIOp guardCmp;
  Value tid; ///< the guard's thread-dependent operand
};

/// The thread dimension `tid` comes from (directly or through one local).
std::optional<gpu::Dimension> tidDimension(Value tid) {
  if (auto d = matchGpuId<gpu::ThreadIdOp>(tid))
    return d;
  if (auto var = loadedVar(tid)) {
    SmallVector<memref::StoreOp> stores = storesTo(var);
    if (stores.size() == 1)
      return matchGpuId<gpu::ThreadIdOp>(stores.front().getValue());
  }
  return std::nullopt;
}

/// True when `v` is `tid + s` (either order) with `s` a load of `var`.
bool isTidPlusS(Value v, Value tid, memref::AllocaOp var) {
  auto add = v.getDefiningOp<arith::AddIOp>();
  if (!add)
    return false;
  Value a = add.getLhs(), b = add.getRhs();
  if (loadedVar(a) == var)
    std::swap(a, b);
  return loadedVar(b) == var && sameExpr(a, tid);
}

std::optional<TreeMatch> matchTree(scf::WhileOp loop) {
  std::optional<CountedWhile> w = matchCountedWhile(loop);
  if (!w || !w->halving || !isLowerBoundTest(w->cmp.getPredicate()))
    return std::nullopt;
  using P = arith::CmpIPredicate;
  P pred = w->cmp.getPredicate();
  int64_t want = (pred == P::sge || pred == P::uge) ? 1 : 0;
  if (w->bound != want)
    return std::nullopt;
  TreeMatch m{*w, {}, {}, {}};
  for (auto ifOp : loop.getAfter().front().getOps<scf::IfOp>()) {
    auto cmp = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!cmp || (cmp.getPredicate() != P::slt && cmp.getPredicate() != P::ult) ||
        loadedVar(cmp.getRhs()) != w->var || !isThreadDependent(cmp.getLhs()))
      continue;
    // The guarded body reads a shared buffer at tid + s.
    bool reads = false;
    ifOp.getThenRegion().walk([&](memref::LoadOp ld) {
      if (isSharedMemref(ld.getMemref()) && ld.getIndices().size() == 1 &&
          isTidPlusS(cIndex(ld.getIndices()[0]), cmp.getLhs(), w->var))
        reads = true;
    });
    if (!reads || m.guard)
      return std::nullopt; // none, or two guards: not the simple tree
    m.guard = ifOp;
    m.guardCmp = cmp;
    m.tid = cmp.getLhs();
  }
  if (!m.guard)
    return std::nullopt;
  return m;
}

struct RepairReductionTreePass
    : public kfix::impl::RepairReductionTreeBase<RepairReductionTreePass> {
  using RepairReductionTreeBase::RepairReductionTreeBase;

  void runOnOperation() override {
    bool aimed = !StringRef(loc).trim().empty() || !StringRef(n).trim().empty();
    SmallVector<TreeMatch> matches;
    SmallVector<scf::WhileOp> unmatched;
    getOperation().walk([&](scf::WhileOp loop) {
      if (!locMatches(loop.getLoc(), loc))
        return;
      if (std::optional<TreeMatch> m = matchTree(loop))
        matches.push_back(*m);
      else
        unmatched.push_back(loop);
    });
    if (matches.empty() && aimed && !StringRef(loc).trim().empty())
      for (scf::WhileOp loop : unmatched)
        loop.emitWarning() << kPassArg
                           << ": not applied: not a `for (s = ...; s > 0; s >>= 1)` "
                              "tree reduction guarded by `tid < s`";
    for (TreeMatch &m : matches)
      if (failed(rewrite(m)))
        return signalPassFailure();
  }

  /// The number of elements, as a value of type `ty` built at `b`.
  FailureOr<Value> elementCount(OpBuilder &b, TreeMatch &m, Type ty) {
    Location l = m.w.loop.getLoc();
    auto func = m.w.loop->getParentOfType<gpu::GPUFuncOp>();
    StringRef spec = StringRef(n).trim();
    if (spec.empty()) {
      std::optional<gpu::Dimension> dim = tidDimension(m.tid);
      if (!dim) {
        m.w.loop.emitWarning() << kPassArg
                               << ": not applied: the thread index is not threadIdx; "
                                  "give n=<parameter or integer>";
        return Value();
      }
      Value bd = gpu::BlockDimOp::create(b, l, *dim);
      return Value(arith::IndexCastUIOp::create(b, l, ty, bd));
    }
    int64_t k;
    if (!spec.getAsInteger(10, k))
      return Value(arith::ConstantOp::create(b, l, b.getIntegerAttr(ty, k)));
    Value arg = getArgByName(func, spec);
    if (!arg || !arg.getType().isInteger()) {
      m.w.loop.emitError() << kPassArg << ": n=" << spec
                           << " is neither an integer nor an integer kernel parameter";
      return failure();
    }
    if (arg.getType() == ty)
      return arg;
    if (arg.getType().getIntOrFloatBitWidth() > ty.getIntOrFloatBitWidth())
      return Value(arith::TruncIOp::create(b, l, ty, arg));
    return Value(arith::ExtSIOp::create(b, l, ty, arg));
  }

  LogicalResult rewrite(TreeMatch &m) {
    scf::WhileOp loop = m.w.loop;
    Location l = loop.getLoc();
    Type ty = m.w.var.getType().getElementType();
    auto func = loop->getParentOfType<gpu::GPUFuncOp>();
    OpBuilder b(loop.getContext());
    auto mark = [&](Operation *op) { markRepaired(op, kPassArg); };
    auto markAll = [&](Value v) {
      if (Operation *op = v.getDefiningOp())
        mark(op);
      return v;
    };
    bool isUnsigned = m.w.cmp.getPredicate() == arith::CmpIPredicate::ugt ||
                      m.w.cmp.getPredicate() == arith::CmpIPredicate::uge ||
                      m.guardCmp.getPredicate() == arith::CmpIPredicate::ult;

    // m = n, before the loop (where the start of s was stored).
    b.setInsertionPoint(m.w.init);
    FailureOr<Value> count = elementCount(b, m, ty);
    if (failed(count))
      return failure();
    if (!*count)
      return success();
    if (Operation *def = count->getDefiningOp())
      mark(def);
    if (Operation *def = count->getDefiningOp(); def && def->getNumOperands() == 1)
      if (Operation *inner = def->getOperand(0).getDefiningOp())
        mark(inner);
    OpBuilder ab = OpBuilder::atBlockBegin(&func.getBody().front());
    auto active = memref::AllocaOp::create(ab, l, MemRefType::get({}, ty));
    active->setAttr("kfix.var", ab.getStringAttr("__kfix_nactive"));
    mark(active);
    mark(memref::StoreOp::create(b, l, *count, active.getResult(), ValueRange{}));

    // while (m > 1)
    b.setInsertionPoint(m.w.cmp);
    Value cm = markAll(memref::LoadOp::create(b, l, active.getResult(), ValueRange{}));
    Value one = markAll(arith::ConstantOp::create(b, l, b.getIntegerAttr(ty, 1)));
    auto cond = arith::CmpIOp::create(
        b, m.w.cmp.getLoc(), isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt, cm,
        one);
    mark(cond);
    m.w.cmp.getResult().replaceAllUsesWith(cond.getResult());
    eraseDead(m.w.cmp);

    // s = (m + 1) >> 1, at the top of the body.
    Block *body = &loop.getAfter().front();
    b.setInsertionPointToStart(body);
    Value bm = markAll(memref::LoadOp::create(b, l, active.getResult(), ValueRange{}));
    Value c1 = markAll(arith::ConstantOp::create(b, l, b.getIntegerAttr(ty, 1)));
    Value up = markAll(arith::AddIOp::create(b, l, bm, c1));
    Value half = markAll(arith::ShRUIOp::create(b, l, up, c1));
    mark(memref::StoreOp::create(b, l, half, m.w.var.getResult(), ValueRange{}));

    // if (tid < s && tid + s < m)
    b.setInsertionPoint(m.guard);
    Location gl = m.guardCmp.getLoc();
    Value s = markAll(memref::LoadOp::create(b, gl, m.w.var.getResult(), ValueRange{}));
    Value t = m.tid;
    if (t.getType() != ty) {
      m.guard.emitWarning() << kPassArg << ": not applied: tid and s differ in type";
      return success();
    }
    Value sum = markAll(arith::AddIOp::create(b, gl, t, s));
    Value gm = markAll(memref::LoadOp::create(b, gl, active.getResult(), ValueRange{}));
    Value inRange = markAll(arith::CmpIOp::create(
        b, gl, isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt, sum, gm));
    Value both = markAll(arith::AndIOp::create(b, gl, m.guard.getCondition(), inRange));
    m.guard->setOperand(0, both);
    mark(m.guard);

    // m = s, in place of s >>= 1.
    b.setInsertionPoint(m.w.update);
    Value ns = markAll(memref::LoadOp::create(b, l, m.w.var.getResult(), ValueRange{}));
    mark(memref::StoreOp::create(b, m.w.update.getLoc(), ns, active.getResult(), ValueRange{}));
    Operation *oldUpdate = m.w.update.getValue().getDefiningOp();
    m.w.update.erase();
    if (oldUpdate)
      eraseDead(oldUpdate);
    ++numRewrites;
    return success();
  }

  /// Erases `op` and then its operands' producers that became unused and
  /// have no side effects.
  static void eraseDead(Operation *op) {
    SmallVector<Operation *> work{op};
    while (!work.empty()) {
      Operation *cur = work.pop_back_val();
      if (!cur->use_empty() || (!isMemoryEffectFree(cur) && !isa<memref::LoadOp>(cur)))
        continue;
      SmallVector<Operation *> defs;
      for (Value o : cur->getOperands())
        if (Operation *d = o.getDefiningOp())
          defs.push_back(d);
      cur->erase();
      work.append(defs.begin(), defs.end());
    }
  }
};

} // namespace
