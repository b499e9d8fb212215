//===- RepairOffByOne.cpp - one edit of an off-by-one at a site -----------===//
//
// Off-by-one bugs sit in a comparison (`j >= i` for `j > i`, `pos <= L` for
// `pos < L`, `tid > off` for `tid >= off`), in a loop bound (`c < cols - 1`)
// or in a size variable a guard compares against (`P = H - R` for
// `H - R + 1`). This pass makes one such edit at a site; the planner
// enumerates the sites (offByOneSites) and the kinds of edit.
//
//===----------------------------------------------------------------------===//
#include "OffByOne.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIROFFBYONE
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-off-by-one";

using P = arith::CmpIPredicate;

std::optional<P> toggledStrictness(P p) {
  switch (p) {
  case P::slt:
    return P::sle;
  case P::sle:
    return P::slt;
  case P::sgt:
    return P::sge;
  case P::sge:
    return P::sgt;
  case P::ult:
    return P::ule;
  case P::ule:
    return P::ult;
  case P::ugt:
    return P::uge;
  case P::uge:
    return P::ugt;
  default:
    return std::nullopt;
  }
}

/// `v` moved by `delta` (+1/-1): undoes an explicit `x -/+ 1`, otherwise adds
/// the constant after `v`'s definition.
Value shiftedByOne(OpBuilder &b, Location l, Value v, int delta) {
  Operation *def = v.getDefiningOp();
  bool undo = delta < 0 ? isa_and_nonnull<arith::AddIOp>(def) : isa_and_nonnull<arith::SubIOp>(def);
  if (undo && getConstInt(def->getOperand(1)) == 1)
    return def->getOperand(0);
  if (undo && delta < 0 && getConstInt(def->getOperand(0)) == 1)
    return def->getOperand(1);
  Value one = arith::ConstantOp::create(b, l, IntegerAttr::get(v.getType(), 1));
  Operation *r = delta < 0 ? arith::SubIOp::create(b, l, v, one).getOperation()
                           : arith::AddIOp::create(b, l, v, one).getOperation();
  markRepaired(r, kPassArg);
  return r->getResult(0);
}

/// When `cmp` is the condition of an scf.while whose compared variable the
/// body multiplies (`d *= 2`, `d <<= 1`), the factor.
std::optional<int64_t> multiplicativeStep(arith::CmpIOp cmp) {
  auto loop = dyn_cast<scf::WhileOp>(cmp->getParentOp());
  if (!loop || cmp->getParentRegion() != &loop.getBefore())
    return std::nullopt;
  auto var = loadedVar(stripCasts(cmp.getLhs()));
  if (!var)
    return std::nullopt;
  for (memref::StoreOp st : storesTo(var)) {
    if (!loop.getAfter().isAncestor(st->getParentRegion()))
      continue;
    Operation *def = st.getValue().getDefiningOp();
    if (!def || def->getNumOperands() != 2 || loadedVar(def->getOperand(0)) != var)
      continue;
    auto c = getConstInt(def->getOperand(1));
    if (isa<arith::MulIOp>(def) && c && *c > 1)
      return *c;
    if (isa<arith::ShLIOp>(def) && c && *c > 0 && *c < 31)
      return int64_t(1) << *c;
  }
  return std::nullopt;
}

struct RepairOffByOnePass : public kfix::impl::RepairOffByOneBase<RepairOffByOnePass> {
  using RepairOffByOneBase::RepairOffByOneBase;

  void runOnOperation() override {
    if (fix != "flip" && fix != "inc" && fix != "dec" && fix != "bound-inc" && fix != "bound-dec") {
      getOperation().emitError() << kPassArg
                                 << ": fix must be flip, inc, dec, bound-inc or bound-dec, not '"
                                 << fix << "'";
      return signalPassFailure();
    }
    if (StringRef(loc).trim().empty()) {
      getOperation().emitError() << kPassArg << ": needs loc=<file:line[:col]>";
      return signalPassFailure();
    }
    unsigned before = rewrites;
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      SmallVector<Operation *> targets;
      func.walk([&](Operation *op) {
        if ((isOrderingCompare(op) || isa<scf::ForOp>(op)) && locMatches(op->getLoc(), loc))
          targets.push_back(op);
      });
      if (fix == "flip")
        flip(func, targets);
      else if (fix == "bound-inc" || fix == "bound-dec")
        for (Operation *op : targets) {
          if (auto cmp = dyn_cast<arith::CmpIOp>(op))
            shiftBound(cmp, fix == "bound-inc" ? 1 : -1);
        }
      else
        for (Operation *op : targets)
          shift(op, fix == "inc" ? 1 : -1);
    }
    if (rewrites == before)
      getOperation().emitWarning() << kPassArg << ": nothing to " << fix << " at " << loc;
    numRewrites += rewrites - before;
  }

  /// `<` <-> `<=`, `>` <-> `>=` for the comparisons at the site and every
  /// other comparison that repeats one of them.
  void flip(gpu::GPUFuncOp func, ArrayRef<Operation *> targets) {
    SmallVector<arith::CmpIOp> group;
    func.walk([&](arith::CmpIOp cmp) {
      if (llvm::any_of(targets, [&](Operation *t) {
            return isa<arith::CmpIOp>(t) && (t == cmp.getOperation() || sameCompare(t, cmp));
          }))
        group.push_back(cmp);
    });
    for (arith::CmpIOp cmp : group) {
      if (isShrinkingLoopTest(cmp))
        continue; // `o > 0` of `o >>= 1` made `o >= 0` would never end
      cmp.setPredicate(*toggledStrictness(cmp.getPredicate()));
      markRepaired(cmp, kPassArg);
      ++rewrites;
    }
  }

  void shift(Operation *op, int delta) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      // One iteration more or fewer: the upper bound.
      OpBuilder b(loop);
      loop.getUpperBoundMutable().assign(
          shiftedByOne(b, loop.getLoc(), loop.getUpperBound(), delta));
      markRepaired(loop, kPassArg);
      ++rewrites;
      return;
    }
    auto cmp = cast<arith::CmpIOp>(op);
    if (auto k = multiplicativeStep(cmp)) {
      // `for (d = 1; d < n / 2; d *= 2)`: one step more or fewer is a bound
      // multiplied or divided by the factor.
      OpBuilder b(cmp);
      cmp.getRhsMutable().assign(scaled(b, cmp, cmp.getRhs(), *k, delta > 0));
      markRepaired(cmp, kPassArg);
      ++rewrites;
      return;
    }
    // A W-wide chunk tested by its first element (`tid * 4 < n` around a
    // float4 access): one chunk fewer is its last element tested,
    // `tid * 4 + 3 < n`, not one element fewer.
    if (delta < 0) {
      P p = cmp.getPredicate();
      bool lhsScaled = llvm::is_contained({P::slt, P::sle, P::ult, P::ule}, p);
      bool rhsScaled = llvm::is_contained({P::sgt, P::sge, P::ugt, P::uge}, p);
      Value side = lhsScaled ? cmp.getLhs() : rhsScaled ? cmp.getRhs() : Value();
      if (auto mul = side ? stripCasts(side).getDefiningOp<arith::MulIOp>() : arith::MulIOp())
        for (Value f : mul->getOperands())
          if (auto w = getConstInt(f); w && *w > 1 && *w <= 16) {
            OpBuilder b(cmp);
            Value last = arith::AddIOp::create(
                b, cmp.getLoc(), side,
                arith::ConstantOp::create(b, cmp.getLoc(),
                                          IntegerAttr::get(side.getType(), *w - 1)));
            markRepaired(last.getDefiningOp(), kPassArg);
            (lhsScaled ? cmp.getLhsMutable() : cmp.getRhsMutable()).assign(last);
            markRepaired(cmp, kPassArg);
            ++rewrites;
            return;
          }
    }
    // A size variable compared against (`if (p >= P) return;` with
    // `const int P = H - R;`): its definition is off by one, for every use.
    for (Value side : {cmp.getRhs(), cmp.getLhs()}) {
      auto var = loadedVar(stripCasts(side));
      if (!var)
        continue;
      auto stores = storesTo(var);
      if (stores.size() != 1 || isThreadDependent(stores[0].getValue()))
        continue;
      memref::StoreOp st = stores[0];
      OpBuilder b(st);
      st->setOperand(0, shiftedByOne(b, st.getLoc(), st.getValue(), delta));
      markRepaired(st, kPassArg);
      ++rewrites;
      return;
    }
  }

  /// The bound itself, where the comparison is made (`h < H` for `h < H - 1`
  /// with H a parameter or an expression): the side that is the same for
  /// every thread, or the right-hand side.
  void shiftBound(arith::CmpIOp cmp, int delta) {
    if (!isOrderingCompare(cmp))
      return;
    bool lhsUniform = !isThreadDependent(cmp.getLhs());
    bool rhsUniform = !isThreadDependent(cmp.getRhs());
    bool useLhs = lhsUniform && !rhsUniform;
    Value side = useLhs ? cmp.getLhs() : cmp.getRhs();
    OpBuilder b(cmp);
    (useLhs ? cmp.getLhsMutable() : cmp.getRhsMutable())
        .assign(shiftedByOne(b, cmp.getLoc(), side, delta));
    markRepaired(cmp, kPassArg);
    ++rewrites;
  }

  Value scaled(OpBuilder &b, arith::CmpIOp cmp, Value bound, int64_t k, bool up) {
    Operation *def = bound.getDefiningOp();
    auto c = def && def->getNumOperands() == 2 ? getConstInt(def->getOperand(1)) : std::nullopt;
    if (up && isa_and_nonnull<arith::DivSIOp, arith::DivUIOp>(def) && c == k)
      return def->getOperand(0);
    if (up && isa_and_nonnull<arith::ShRSIOp, arith::ShRUIOp>(def) && c && (int64_t(1) << *c) == k)
      return def->getOperand(0);
    if (!up && isa_and_nonnull<arith::MulIOp>(def) && c == k)
      return def->getOperand(0);
    Location l = cmp.getLoc();
    Value kv = arith::ConstantOp::create(b, l, IntegerAttr::get(bound.getType(), k));
    bool isUnsigned = llvm::is_contained({P::ult, P::ule, P::ugt, P::uge}, cmp.getPredicate());
    Operation *r = up           ? arith::MulIOp::create(b, l, bound, kv).getOperation()
                   : isUnsigned ? arith::DivUIOp::create(b, l, bound, kv).getOperation()
                                : arith::DivSIOp::create(b, l, bound, kv).getOperation();
    markRepaired(r, kPassArg);
    return r->getResult(0);
  }

  unsigned rewrites = 0;
};

} // namespace
