//===- EditClips.cpp - a term on the wrong side of a min/max --------------===//
//
// Two edits of the vocabulary (EditVocabulary.h) for a clip written with its
// term in the wrong place, a slip of window, diagonal and padding lengths:
//
//  - `distribute`: `min(a, b) - c` where `min(a, b - c)` (or `min(a - c, b)`)
//    was meant: the term moves into operand J of the min/max.
//  - `collect`: `min(a - c, b)` where `min(a, b) - c` was meant: operand J's
//    term moves out.
//  - `dilate`: a window's tap count K used as its extent (`TILE + K - 1`
//    staged inputs) where the taps are D apart (a loop `k < K` reads `k * D`):
//    the extent `(K - 1) * D + 1`.
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/InductionReads.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace kfix;

namespace {

bool isClip(Operation *op) {
  return isa_and_nonnull<arith::MinSIOp, arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp,
                         arith::MinimumFOp, arith::MaximumFOp, arith::MinNumFOp, arith::MaxNumFOp>(
      op);
}

bool isTerm(Operation *op) {
  return isa_and_nonnull<arith::AddIOp, arith::SubIOp, arith::AddFOp, arith::SubFOp>(op);
}

/// The operand of a term op that is a clip read only there (-1 if none): a
/// subtraction's right operand is never one (`c - min(a, b)` is no shift).
int clipOperand(Operation *term) {
  for (int k = 0; k < 2; ++k) {
    if (k == 1 && isa<arith::SubIOp, arith::SubFOp>(term))
      break;
    Operation *m = term->getOperand(k).getDefiningOp();
    if (isClip(m) && m->hasOneUse())
      return k;
  }
  return -1;
}

/// The spacing D of the taps of a loop bounded by `k` (`for (t = 0; t < K;
/// ++t) ... x[... t * D ...]`, D no constant), or null.
Value tapSpacing(gpu::GPUFuncOp f, Value k) {
  Value found;
  f.walk([&](scf::ForOp loop) {
    if (found || stripCasts(loop.getUpperBound()) != k)
      return;
    SmallVector<Value> ivs = inductionReads(loop);
    for (size_t n = 0; n < ivs.size() && n < 16 && !found; ++n)
      for (Operation *u : ivs[n].getUsers()) {
        if (!isa<arith::MulIOp>(u))
          continue;
        Value other = u->getOperand(0) == ivs[n] ? u->getOperand(1) : u->getOperand(0);
        if (!matchPattern(other, m_Constant()) && isa<BlockArgument>(stripCasts(other))) {
          found = stripCasts(other);
          break;
        }
      }
  });
  return found;
}

/// The use of a loop bound K in the sum tree of `v` (additions and
/// subtractions, depth 3) whose taps are spaced: the operand and its spacing.
std::optional<std::pair<OpOperand *, Value>> dilatableUse(gpu::GPUFuncOp f, Value v,
                                                          unsigned depth = 0) {
  Operation *d = v.getDefiningOp();
  if (depth > 3 || !isa_and_nonnull<arith::AddIOp, arith::SubIOp>(d))
    return std::nullopt;
  for (OpOperand &o : d->getOpOperands()) {
    Value x = o.get();
    if (matchPattern(x, m_Constant()))
      continue;
    if (Value sp = tapSpacing(f, stripCasts(x)))
      return std::make_pair(&o, sp);
    if (auto r = dilatableUse(f, x, depth + 1))
      return r;
  }
  return std::nullopt;
}

} // namespace

bool edit::dilateExtent(OpBuilder *b, Operation *op, unsigned i) {
  auto f = op->getParentOfType<gpu::GPUFuncOp>();
  if (!f || i >= op->getNumOperands() || !op->getOperand(i).getType().isSignlessInteger())
    return false;
  // The operand itself a sum holding K (`TILE + K - 1`), or K itself.
  std::optional<std::pair<OpOperand *, Value>> use;
  if (Value sp = tapSpacing(f, stripCasts(op->getOperand(i))))
    use = std::make_pair(&op->getOpOperand(i), sp);
  else
    use = dilatableUse(f, op->getOperand(i));
  if (!use)
    return false;
  if (!b)
    return true;
  OpOperand *o = use->first;
  Operation *owner = o->getOwner();
  Location loc = owner->getLoc();
  Type t = o->get().getType();
  Value k = o->get(), d = use->second;
  // `K - 1` itself (a halo of `K - 1` taps): its value times D, the taps'
  // span `(K - 1) * D`, as a person writes it.
  if (auto sub = dyn_cast<arith::SubIOp>(owner);
      sub && o->getOperandNumber() == 0 && matchPattern(sub.getRhs(), m_One())) {
    b->setInsertionPointAfter(sub);
    if (d.getType() != t)
      d = arith::IndexCastOp::create(*b, loc, t, d);
    auto span = arith::MulIOp::create(*b, loc, sub.getResult(), d);
    markRepaired(span, "kfix-repair-edit");
    sub.getResult().replaceAllUsesExcept(span.getResult(), span);
    return true;
  }
  b->setInsertionPoint(owner);
  if (d.getType() != t)
    d = arith::IndexCastOp::create(*b, loc, t, d);
  auto one = arith::ConstantOp::create(*b, loc, IntegerAttr::get(t, 1));
  auto km1 = arith::SubIOp::create(*b, loc, k, one);
  auto span = arith::MulIOp::create(*b, loc, km1, d);
  auto ext = arith::AddIOp::create(*b, loc, span, one);
  for (Operation *n : {km1.getOperation(), span.getOperation(), ext.getOperation()})
    markRepaired(n, "kfix-repair-edit");
  o->set(ext);
  markRepaired(owner, "kfix-repair-edit");
  return true;
}

bool edit::distributeTerm(OpBuilder *b, Operation *term, unsigned j) {
  if (!isTerm(term) || j > 1)
    return false;
  int k = clipOperand(term);
  if (k < 0)
    return false;
  Operation *clip = term->getOperand(k).getDefiningOp();
  if (!b)
    return true;
  b->setInsertionPoint(term);
  // The term applied to operand J: `b - c` (the clip was operand 0 of the
  // term, or of an addition, where the order does not matter).
  Operation *t = b->clone(*term);
  t->setOperand(k, clip->getOperand(j));
  Operation *n = b->clone(*clip);
  n->setOperand(j, t->getResult(0));
  n->setLoc(term->getLoc());
  markRepaired(t, "kfix-repair-edit");
  markRepaired(n, "kfix-repair-edit");
  term->replaceAllUsesWith(n->getResults());
  term->erase();
  clip->erase();
  return true;
}

bool edit::collectTerm(OpBuilder *b, Operation *clip, unsigned j) {
  if (!isClip(clip) || j > 1)
    return false;
  Operation *term = clip->getOperand(j).getDefiningOp();
  if (!isTerm(term) || !term->hasOneUse())
    return false;
  // `min(x - c, y)`: x is the operand the term shifts (a constant-free
  // left operand; for an addition whichever is not constant).
  int keep = 0;
  if (isa<arith::AddIOp, arith::AddFOp>(term) && matchPattern(term->getOperand(0), m_Constant()))
    keep = 1;
  if (!b)
    return true;
  b->setInsertionPoint(clip);
  Operation *n = b->clone(*clip);
  n->setOperand(j, term->getOperand(keep));
  Operation *t = b->clone(*term);
  t->setOperand(keep, n->getResult(0));
  t->setLoc(clip->getLoc());
  markRepaired(n, "kfix-repair-edit");
  markRepaired(t, "kfix-repair-edit");
  clip->replaceAllUsesWith(t->getResults());
  clip->erase();
  term->erase();
  return true;
}
