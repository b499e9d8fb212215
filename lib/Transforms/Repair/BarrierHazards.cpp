//===- BarrierHazards.cpp - shared-memory hazards not separated by a barrier ===//
#include "BarrierHazards.h"
#include "RepairUtils.h"

#include "kfix/Transforms/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace kfix;

namespace {

using Pending = SmallVector<Operation *>;

void mergeInto(Pending &into, const Pending &from) {
  for (Operation *op : from)
    if (!llvm::is_contained(into, op))
      into.push_back(op);
}

/// Two accesses touch the same element from the same thread only when their
/// indices are the same thread-dependent expressions.
bool mayBeOtherThread(const MemAccess &a, const MemAccess &b) {
  if (a.indices.size() != b.indices.size())
    return true;
  bool anyDependent = false;
  for (auto [x, y] : llvm::zip(a.indices, b.indices)) {
    if (!sameExpr(x, y))
      return true;
    anyDependent |= isThreadDependent(x);
  }
  return !anyDependent;
}

struct Walker {
  HazardKind kind;
  SmallVector<Hazard> hazards;
  llvm::SmallPtrSet<Operation *, 16> seen;

  bool isBarrier(Operation *op) {
    return isa<gpu::BarrierOp>(op) || op->getName().getStringRef() == "nvvm.barrier0";
  }

  void access(Operation *op, Pending &pending) {
    auto acc = getMemAccess(op);
    if (!acc || !isSharedMemref(acc->memref))
      return;
    bool isAtomic = acc->isRead && acc->isWrite;
    bool opens = kind == HazardKind::ReadAfterWrite ? acc->isWrite : acc->isRead && !isAtomic;
    // An atomic read-modify-write reads what another thread's plain store
    // wrote (a shared histogram zeroed, then counted into): it closes a
    // read-after-write hazard against a plain write, not against another
    // atomic (atomics on one element commute).
    bool closes = kind == HazardKind::ReadAfterWrite ? acc->isRead : acc->isWrite;
    if (closes) {
      for (Operation *prev : pending) {
        auto pacc = *getMemAccess(prev);
        if (pacc.memref != acc->memref || !mayBeOtherThread(pacc, *acc))
          continue;
        if (kind == HazardKind::ReadAfterWrite && isAtomic && pacc.isRead && pacc.isWrite)
          continue;
        if (seen.insert(op).second)
          hazards.push_back({prev, op});
        break;
      }
    }
    if (opens && !llvm::is_contained(pending, op))
      pending.push_back(op);
  }

  Pending walkRegion(Region &region, Pending in) {
    if (region.empty())
      return in;
    return walkBlock(region.front(), std::move(in));
  }

  Pending walkBlock(Block &block, Pending s) {
    for (Operation &op : block) {
      if (isBarrier(&op)) {
        s.clear();
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        Pending t = walkRegion(ifOp.getThenRegion(), s);
        Pending e = walkRegion(ifOp.getElseRegion(), s);
        mergeInto(t, e);
        s = std::move(t);
        continue;
      }
      if (auto forOp = dyn_cast<scf::ForOp>(op)) {
        Pending once = walkRegion(forOp.getRegion(), s);
        mergeInto(once, s);
        Pending twice = walkRegion(forOp.getRegion(), once);
        mergeInto(s, twice);
        continue;
      }
      if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
        Pending before = walkRegion(whileOp.getBefore(), s);
        Pending after = walkRegion(whileOp.getAfter(), before);
        mergeInto(after, s);
        Pending before2 = walkRegion(whileOp.getBefore(), after);
        Pending after2 = walkRegion(whileOp.getAfter(), before2);
        mergeInto(s, before2);
        mergeInto(s, after2);
        continue;
      }
      access(&op, s);
      // Other ops with regions (atomic bodies, ...): their accesses are local.
    }
    return s;
  }
};

/// A zero of `t` (the value threads that skip the first half of a split `if`
/// carry into its second half, where they skip too), or null.
Value zeroOf(OpBuilder &b, Location loc, Type t) {
  if (isa<IntegerType, IndexType, FloatType>(t) || isa<VectorType>(t))
    return arith::ConstantOp::create(b, loc, t, b.getZeroAttr(t));
  return {};
}

/// Splits the scf.if whose then-block holds `at` into two ifs on the same
/// condition, the first holding the ops before `at`, the second `at` and the
/// rest; values the second half uses from the first are yielded (zero for
/// threads that skip it). Returns the second if, or null when the if has an
/// else branch or results, or a value that crosses cannot be yielded.
/// Values defined in `at`'s block before `at` and used from `at` on; false
/// when `at` is not directly in the then-block of a result-less, else-less
/// scf.if, or such a value cannot be yielded.
bool crossingValues(Operation *at, SmallVector<Value> &crossing) {
  auto ifOp = dyn_cast<scf::IfOp>(at->getParentOp());
  if (!ifOp || ifOp.getNumResults() != 0 || !ifOp.getElseRegion().empty() ||
      at->getBlock() != &ifOp.getThenRegion().front())
    return false;
  Block &then = ifOp.getThenRegion().front();
  for (Operation &op : then) {
    if (&op == at)
      break;
    for (Value r : op.getResults())
      for (Operation *user : r.getUsers()) {
        Operation *u = then.findAncestorOpInBlock(*user);
        if (u && (u == at || at->isBeforeInBlock(u))) {
          if (!isa<IntegerType, IndexType, FloatType, VectorType>(r.getType()))
            return false;
          crossing.push_back(r);
          break;
        }
      }
  }
  return true;
}

scf::IfOp splitIfBefore(Operation *at) {
  SmallVector<Value> crossing;
  if (!crossingValues(at, crossing))
    return {};
  auto ifOp = cast<scf::IfOp>(at->getParentOp());
  Block &then = ifOp.getThenRegion().front();
  Location loc = ifOp.getLoc();
  OpBuilder b(ifOp);
  SmallVector<Type> types;
  for (Value v : crossing)
    types.push_back(v.getType());
  auto first = scf::IfOp::create(b, loc, types, ifOp.getCondition(),
                                 /*withElseRegion=*/!types.empty());
  Block &fb = first.getThenRegion().front();
  // Move the ops before `at` into the first if.
  SmallVector<Operation *> head;
  for (Operation &op : then) {
    if (&op == at)
      break;
    head.push_back(&op);
  }
  // With results the builder leaves both blocks empty; without, the then-block
  // has its yield already.
  for (Operation *op : head) {
    if (types.empty())
      op->moveBefore(fb.getTerminator());
    else
      op->moveBefore(&fb, fb.end());
  }
  if (!types.empty()) {
    OpBuilder tb = OpBuilder::atBlockEnd(&fb);
    scf::YieldOp::create(tb, loc, crossing);
    Block &eb = first.getElseRegion().front();
    OpBuilder ee = OpBuilder::atBlockEnd(&eb);
    SmallVector<Value> zeros;
    for (Type t : types)
      zeros.push_back(zeroOf(ee, loc, t));
    scf::YieldOp::create(ee, loc, zeros);
  }
  // The second half (the original if) reads the yielded values.
  for (auto [v, r] : llvm::zip(crossing, first.getResults()))
    v.replaceUsesWithIf(r, [&](OpOperand &use) { return ifOp->isAncestor(use.getOwner()); });
  return ifOp;
}

} // namespace

SmallVector<Hazard> kfix::findSharedHazards(gpu::GPUFuncOp func, HazardKind kind) {
  Walker w{kind, {}, {}};
  w.walkRegion(func.getBody(), {});
  return w.hazards;
}

FailureOr<Operation *> kfix::insertSeparatingBarrier(const Hazard &h, std::string &why) {
  Block *block = commonBlock(h.first, h.second);
  if (!block) {
    why = "the accesses share no block";
    return failure();
  }
  Operation *fa = ancestorIn(block, h.first);
  Operation *sa = ancestorIn(block, h.second);
  Operation *before = nullptr;
  if (fa != sa && fa->isBeforeInBlock(sa)) {
    before = sa;
  } else {
    // The later access is reached through a back edge: separate at the end of
    // the body of the innermost loop holding both.
    Operation *loop = nullptr;
    if (fa == sa && isa<scf::ForOp, scf::WhileOp>(fa))
      loop = fa;
    for (Operation *p = block->getParentOp(); !loop && p; p = p->getParentOp())
      if (isa<scf::ForOp, scf::WhileOp>(p))
        loop = p;
    if (!loop) {
      why = "no loop carries the accesses into each other";
      return failure();
    }
    Region &body = isa<scf::ForOp>(loop) ? cast<scf::ForOp>(loop).getRegion()
                                         : cast<scf::WhileOp>(loop).getAfter();
    before = body.front().getTerminator();
  }
  // A point inside `if (tid >= off) { v = s[tid - off] + s[tid]; s[tid] = v; }`
  // (the in-place scan step) is reached by some threads only: split such ifs
  // (on the same condition, so each thread runs the same ops) until the point
  // is where every thread arrives.
  // First check the whole chain of ifs can be split (nothing changes otherwise).
  Operation *cur = before;
  int splits = 0;
  for (; isInDivergentCode(cur) && splits < 4; ++splits) {
    SmallVector<Value> crossing;
    if (!crossingValues(cur, crossing))
      break;
    cur = cur->getParentOp();
  }
  if (splits && !isInDivergentCode(cur))
    for (int i = 0; i < splits; ++i)
      before = splitIfBefore(before);
  if (isInDivergentCode(before)) {
    why = "every separating point is in divergent control flow (not all threads reach it)";
    return failure();
  }
  OpBuilder b(before);
  return gpu::BarrierOp::create(b, h.second->getLoc()).getOperation();
}

unsigned kfix::separateHazards(gpu::GPUFuncOp func, HazardKind kind, StringRef loc,
                               StringRef passArg) {
  unsigned inserted = 0;
  llvm::SmallPtrSet<Operation *, 8> refused;
  // Each barrier may close other hazards too: re-analyse after every one.
  for (unsigned round = 0; round < 64; ++round) {
    bool changed = false;
    for (const Hazard &h : findSharedHazards(func, kind)) {
      if (refused.contains(h.second) ||
          !(locMatches(h.first->getLoc(), loc) || locMatches(h.second->getLoc(), loc)))
        continue;
      std::string why;
      FailureOr<Operation *> barrier = insertSeparatingBarrier(h, why);
      if (failed(barrier)) {
        refused.insert(h.second);
        if (!loc.empty())
          h.second->emitWarning() << passArg << ": not applied: " << why;
        continue;
      }
      markRepaired(*barrier, passArg);
      ++inserted;
      changed = true;
      break;
    }
    if (!changed)
      break;
  }
  return inserted;
}
