//===- EditBlockLoop.cpp - one pass of a block where a loop was meant -----===//
//
// The `blockloop` edit of the vocabulary (EditVocabulary.h): a statement
// guarded by `threadIdx.x < n` does one element per thread, which covers n
// only while n fits in the block (`if (tid < i) row[tid] = L[i * n + tid];`
// staging a row of up to n elements with 32 threads). The edit makes the
// guard a loop over the block's threads: `for (j = tid; j < n; j +=
// blockDim.x)`, the statement's reads of the thread index reading j.
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace kfix;

namespace {

constexpr llvm::StringLiteral kPassArg = "kfix-repair-edit";

bool isCast(Operation *o) {
  return isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
                         arith::TruncIOp>(o);
}

/// The thread id a value is (through integer casts), or null.
gpu::ThreadIdOp threadIdOf(Value v) {
  for (unsigned k = 0; k < 4; ++k) {
    if (auto t = v.getDefiningOp<gpu::ThreadIdOp>())
      return t;
    Operation *d = v.getDefiningOp();
    if (!isCast(d))
      return {};
    v = d->getOperand(0);
  }
  return {};
}

/// The `if` a `tid < n` test guards alone (no else, no results, no barrier
/// in it), with the thread id and the bound; false when `cmp` is no such test.
bool blockGuard(arith::CmpIOp cmp, scf::IfOp &ifOp, gpu::ThreadIdOp &tid, Value &bound) {
  using P = arith::CmpIPredicate;
  unsigned t;
  if (cmp.getPredicate() == P::slt || cmp.getPredicate() == P::ult)
    t = 0;
  else if (cmp.getPredicate() == P::sgt || cmp.getPredicate() == P::ugt)
    t = 1;
  else
    return false;
  tid = threadIdOf(cmp->getOperand(t));
  bound = cmp->getOperand(1 - t);
  if (!tid || !cmp->hasOneUse() || threadIdOf(bound))
    return false;
  ifOp = dyn_cast<scf::IfOp>(*cmp->getUsers().begin());
  if (!ifOp || ifOp.getCondition() != cmp.getResult() || ifOp.getNumResults() ||
      !ifOp.getElseRegion().empty())
    return false;
  bool barrier = false, writes = false;
  ifOp.getThenRegion().walk([&](Operation *o) {
    barrier |= isa<gpu::BarrierOp>(o);
    writes |= isa<memref::StoreOp>(o);
  });
  return !barrier && writes;
}

} // namespace

bool edit::blockLoop(OpBuilder *b, Operation *op) {
  auto cmp = dyn_cast<arith::CmpIOp>(op);
  scf::IfOp ifOp;
  gpu::ThreadIdOp tid;
  Value bound;
  if (!cmp || !blockGuard(cmp, ifOp, tid, bound))
    return false;
  if (!b)
    return true;
  gpu::Dimension dim = tid.getDimension();
  Location loc = ifOp.getLoc();
  b->setInsertionPoint(ifOp);
  auto mark = [&](Operation *o) {
    markRepaired(o, kPassArg);
    return o;
  };
  Value lb = mark(gpu::ThreadIdOp::create(*b, tid.getLoc(), dim))->getResult(0);
  Value ub = bound;
  if (!ub.getType().isIndex())
    ub = mark(cmp.getPredicate() == arith::CmpIPredicate::ult ||
                      cmp.getPredicate() == arith::CmpIPredicate::ugt
                  ? arith::IndexCastUIOp::create(*b, loc, b->getIndexType(), ub).getOperation()
                  : arith::IndexCastOp::create(*b, loc, b->getIndexType(), ub).getOperation())
             ->getResult(0);
  Value step = mark(gpu::BlockDimOp::create(*b, loc, dim))->getResult(0);
  auto loop = scf::ForOp::create(*b, loc, lb, ub, step);
  mark(loop);
  Value iv = loop.getInductionVar();
  // The statement, the thread index it reads (a thread id of this axis, or a
  // cast of one, defined in it or before it) reading the loop variable.
  b->setInsertionPointToStart(loop.getBody());
  IRMapping map;
  std::function<Value(Value)> onIv = [&](Value v) -> Value {
    if (Value m = map.lookupOrNull(v))
      return m;
    Operation *d = v.getDefiningOp();
    if (auto t = dyn_cast_or_null<gpu::ThreadIdOp>(d); t && t.getDimension() == dim)
      return iv;
    if (isCast(d) && !ifOp->isAncestor(d))
      if (Value x = onIv(d->getOperand(0))) {
        Operation *c = b->clone(*d);
        c->setOperand(0, x);
        map.map(v, c->getResult(0));
        return c->getResult(0);
      }
    return {};
  };
  for (Operation &o : ifOp.getThenRegion().front().without_terminator()) {
    for (Value x : o.getOperands())
      if (!map.contains(x) && !ifOp->isAncestor(x.getParentBlock()->getParentOp()))
        if (Value y = onIv(x))
          map.map(x, y);
    o.walk([&](Operation *inner) {
      for (Value x : inner->getOperands())
        if (!map.contains(x) && x.getParentBlock() &&
            !ifOp->isAncestor(x.getParentBlock()->getParentOp()))
          if (Value y = onIv(x))
            map.map(x, y);
    });
    b->clone(o, map);
  }
  // Thread ids of this axis the statement itself computes.
  SmallVector<gpu::ThreadIdOp> inner;
  loop.getBody()->walk([&](gpu::ThreadIdOp t) {
    if (t.getDimension() == dim && !t->hasAttr("kfix.repaired"))
      inner.push_back(t);
  });
  for (gpu::ThreadIdOp t : inner) {
    t.getResult().replaceAllUsesWith(iv);
    t->erase();
  }
  ifOp->erase();
  if (cmp->use_empty())
    cmp->erase();
  return true;
}
