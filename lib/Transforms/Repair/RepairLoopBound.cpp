//===- RepairLoopBound.cpp - off-by-one loop bounds -----------------------===//
//
// `for (i = 0; i <= n; ++i)` (an scf.while: the lifter only makes `<` loops
// scf.for) and `for (i = 0; i < n + 1; ++i)` read one element too many;
// `i < n - 1` one too few.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRLOOPBOUND
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-loop-bound";

/// The comparisons that decide an scf.while's condition (through and/or).
SmallVector<arith::CmpIOp> conditionCompares(scf::WhileOp loop) {
  SmallVector<arith::CmpIOp> cmps;
  SmallVector<Value> work{loop.getConditionOp().getCondition()};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || !loop.getBefore().isAncestor(def->getParentRegion()))
      continue;
    if (auto cmp = dyn_cast<arith::CmpIOp>(def))
      cmps.push_back(cmp);
    else if (isa<arith::AndIOp, arith::OrIOp>(def))
      work.append(def->operand_begin(), def->operand_end());
  }
  return cmps;
}

struct RepairLoopBoundPass : public kfix::impl::RepairLoopBoundBase<RepairLoopBoundPass> {
  using RepairLoopBoundBase::RepairLoopBoundBase;

  void runOnOperation() override {
    if (fix != "strict" && fix != "dec" && fix != "inc") {
      getOperation().emitError() << kPassArg << ": fix must be strict, dec or inc, not '" << fix
                                 << "'";
      return signalPassFailure();
    }
    SmallVector<Operation *> loops;
    getOperation().walk([&](Operation *op) {
      if (isa<scf::ForOp, scf::WhileOp>(op))
        loops.push_back(op);
    });
    for (Operation *op : loops) {
      if (auto w = dyn_cast<scf::WhileOp>(op))
        repairWhile(w);
      else
        repairFor(cast<scf::ForOp>(op));
    }
  }

  /// `bound` moved by `delta` (+1/-1): undoes a `x -/+ 1` when it is one,
  /// otherwise adds the constant when `anyForm`; null when it does not apply.
  Value adjust(OpBuilder &b, Location l, Value bound, int delta, bool anyForm) {
    Operation *def = bound.getDefiningOp();
    bool undo =
        delta < 0 ? isa_and_nonnull<arith::AddIOp>(def) : isa_and_nonnull<arith::SubIOp>(def);
    if (undo && getConstInt(def->getOperand(1)) == 1)
      return def->getOperand(0);
    if (undo && delta < 0 && getConstInt(def->getOperand(0)) == 1)
      return def->getOperand(1);
    if (!anyForm)
      return {};
    Value one = arith::ConstantOp::create(b, l, IntegerAttr::get(bound.getType(), 1));
    Operation *r = delta < 0 ? arith::SubIOp::create(b, l, bound, one).getOperation()
                             : arith::AddIOp::create(b, l, bound, one).getOperation();
    markRepaired(r, kPassArg);
    return r->getResult(0);
  }

  void repairFor(scf::ForOp loop) {
    if (fix == "strict" || !locMatches(loop.getLoc(), loc))
      return;
    OpBuilder b(loop);
    Value nb = adjust(b, loop.getLoc(), loop.getUpperBound(), fix == "dec" ? -1 : 1, !loc.empty());
    if (!nb)
      return;
    loop.getUpperBoundMutable().assign(nb);
    markRepaired(loop, kPassArg);
    ++numRewrites;
  }

  void repairWhile(scf::WhileOp loop) {
    for (arith::CmpIOp cmp : conditionCompares(loop)) {
      if (!locMatches(cmp.getLoc(), loc) && !locMatches(loop.getLoc(), loc))
        continue;
      using P = arith::CmpIPredicate;
      P p = cmp.getPredicate();
      if (fix == "strict") {
        std::optional<P> np;
        switch (p) {
        case P::sle:
          np = P::slt;
          break;
        case P::ule:
          np = P::ult;
          break;
        case P::sge:
          np = P::sgt;
          break;
        case P::uge:
          np = P::ugt;
          break;
        default:
          break;
        }
        if (!np)
          continue;
        cmp.setPredicate(*np);
      } else {
        if (!llvm::is_contained({P::slt, P::sle, P::ult, P::ule}, p))
          continue;
        OpBuilder b(cmp);
        Value nb = adjust(b, cmp.getLoc(), cmp.getRhs(), fix == "dec" ? -1 : 1, !loc.empty());
        if (!nb)
          continue;
        cmp.getRhsMutable().assign(nb);
      }
      markRepaired(cmp, kPassArg);
      ++numRewrites;
    }
  }
};

} // namespace
