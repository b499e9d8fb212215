//===- EditClips.cpp - a term on the wrong side of a min/max --------------===//
//
// Two edits of the vocabulary (EditVocabulary.h) for a clip written with its
// term in the wrong place, a slip of window, diagonal and padding lengths:
//
//  - `distribute`: `min(a, b) - c` where `min(a, b - c)` (or `min(a - c, b)`)
//    was meant: the term moves into operand J of the min/max.
//  - `collect`: `min(a - c, b)` where `min(a, b) - c` was meant: operand J's
//    term moves out.
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

} // namespace

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
