//===- RepairShuffle.cpp - warp shuffle masks, modes and broadcasts -------===//
#include "RepairUtils.h"
#include "WhileLoops.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <set>

namespace kfix {
#define GEN_PASS_DEF_REPAIRSHUFFLE
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-shuffle";

struct RepairShufflePass : public kfix::impl::RepairShuffleBase<RepairShufflePass> {
  using RepairShuffleBase::RepairShuffleBase;

  void runOnOperation() override {
    bool aimed = !StringRef(loc).trim().empty();
    if (fix != "full-mask" && fix != "xor" && fix != "down" && fix != "broadcast" &&
        fix != "offsets") {
      getOperation().emitError() << kPassArg
                                 << ": fix must be full-mask, xor, down, broadcast or offsets";
      return signalPassFailure();
    }
    if (fix == "offsets")
      return fixOffsets(aimed);
    if (fix != "full-mask" && !aimed) {
      getOperation().emitError() << kPassArg << ": fix=" << fix << " needs loc=<file:line[:col]>";
      return signalPassFailure();
    }
    SmallVector<gpu::ShuffleOp> shuffles;
    getOperation().walk([&](gpu::ShuffleOp s) {
      if (locMatches(s.getLoc(), loc))
        shuffles.push_back(s);
    });
    for (gpu::ShuffleOp s : shuffles) {
      if (fix == "full-mask") {
        if (!s->hasAttr("kfix.mask"))
          continue;
        s->removeAttr("kfix.mask");
      } else if (fix == "xor" || fix == "down") {
        auto from = fix == "xor" ? gpu::ShuffleMode::DOWN : gpu::ShuffleMode::XOR;
        if (s.getMode() != from)
          continue;
        s.setMode(fix == "xor" ? gpu::ShuffleMode::XOR : gpu::ShuffleMode::DOWN);
      } else if (!broadcast(s)) {
        continue;
      }
      markRepaired(s, kPassArg);
      ++numRewrites;
    }
  }

  /// fix=offsets: a halving offset loop runs from width/2 down to 1, a
  /// doubling one from 1 up to width/2.
  void fixOffsets(bool aimed) {
    SmallVector<std::pair<CountedWhile, int64_t>> loops;
    getOperation().walk([&](scf::WhileOp loop) {
      std::optional<CountedWhile> w = matchCountedWhile(loop);
      if (!w)
        return;
      gpu::ShuffleOp sh;
      loop.getAfter().walk([&](gpu::ShuffleOp s) {
        if (loadedVar(s.getOffset()) == w->var)
          sh = s;
      });
      if (!sh || !(locMatches(loop.getLoc(), loc) || locMatches(sh.getLoc(), loc)))
        return;
      std::optional<int64_t> width = getConstInt(sh.getWidth());
      if (!width || *width < 2 || !llvm::isPowerOf2_64(*width))
        return;
      // Lanes reduced in groups narrower than the shuffle's width (a row per
      // 16 lanes: `lane = threadIdx.x % 16`): the offsets cover the group.
      if (std::optional<int64_t> g = laneGroup(); g && *g < *width)
        width = g;
      loops.push_back({*w, *width});
    });
    for (auto &[w, width] : loops) {
      using P = arith::CmpIPredicate;
      P pred = w.cmp.getPredicate();
      bool changed = false;
      if (w.halving && isLowerBoundTest(pred)) {
        std::optional<int64_t> start = getConstInt(w.init.getValue());
        // Unaimed, only a start past width/2 is surely wrong (a smaller one
        // may be a reduction over groups of lanes).
        if (!(start && *start == width / 2) && (aimed || (start && *start > width / 2)))
          changed |= setStart(w, width / 2);
        // The last step must be offset 1: `> 0`, `>= 1` or `!= 0`. A loop
        // stopping at 2 leaves pairs of lanes unreduced (aimed only: a
        // reduction over every other lane does that on purpose).
        bool reachesOne =
            (pred == P::sgt || pred == P::ugt || pred == P::ne) ? w.bound == 0 : w.bound == 1;
        if (aimed && !reachesOne && w.bound > 0)
          changed |= setBound(w, P::sgt, 0);
      } else if (!w.halving &&
                 (pred == P::slt || pred == P::ult || pred == P::sle || pred == P::ule)) {
        bool strict = pred == P::slt || pred == P::ult;
        int64_t want = strict ? width : width / 2;
        // Unaimed, only a bound past the warp is surely wrong.
        if (w.bound != want && (aimed || w.bound > want))
          changed |= setBound(w, pred, want);
        // The first step must be offset 1 (aimed only, as above).
        std::optional<int64_t> start = getConstInt(w.init.getValue());
        if (aimed && start && *start > 1)
          changed |= setStart(w, 1);
      }
      if (changed)
        ++numRewrites;
    }
  }

  /// The one width G (a power of two from 2 to 16) of the lane groups the
  /// kernel computes from the thread index (`t % G`, `t & (G - 1)`), if any.
  std::optional<int64_t> laneGroup() {
    std::set<int64_t> widths;
    getOperation().walk([&](Operation *op) {
      if (!isa<arith::RemUIOp, arith::RemSIOp, arith::AndIOp>(op) ||
          !isThreadDependent(op->getOperand(0)))
        return;
      std::optional<int64_t> c = getConstInt(op->getOperand(1));
      if (!c)
        return;
      int64_t g = isa<arith::AndIOp>(op) ? *c + 1 : *c;
      if (g >= 2 && g <= 32 && llvm::isPowerOf2_64(g))
        widths.insert(g);
    });
    widths.erase(32);
    if (widths.size() != 1)
      return std::nullopt;
    return *widths.begin();
  }

  bool setStart(CountedWhile &w, int64_t value) {
    OpBuilder b(w.init);
    Type ty = w.var.getType().getElementType();
    auto c = arith::ConstantOp::create(b, w.init.getLoc(), b.getIntegerAttr(ty, value));
    markRepaired(c, kPassArg);
    Operation *old = w.init.getValue().getDefiningOp();
    w.init->setOperand(0, c);
    if (old && old->use_empty() && isMemoryEffectFree(old))
      old->erase();
    markRepaired(w.init, kPassArg);
    return true;
  }

  bool setBound(CountedWhile &w, arith::CmpIPredicate pred, int64_t value) {
    OpBuilder b(w.cmp);
    Type ty = w.var.getType().getElementType();
    auto c = arith::ConstantOp::create(b, w.cmp.getLoc(), b.getIntegerAttr(ty, value));
    markRepaired(c, kPassArg);
    Operation *old = w.cmp.getRhs().getDefiningOp();
    w.cmp->setOperand(1, c);
    w.cmp.setPredicate(pred);
    if (old && old->use_empty() && isMemoryEffectFree(old))
      old->erase();
    w.bound = value;
    markRepaired(w.cmp, kPassArg);
    return true;
  }

  /// Finds the local the reduction accumulates into (a store of a value
  /// computed from the shuffle) and broadcasts lane 0's value after the loop.
  bool broadcast(gpu::ShuffleOp s) {
    memref::AllocaOp var;
    Operation *store = nullptr;
    SmallVector<Value> work{s.getShuffleResult()};
    for (unsigned steps = 0; !work.empty() && steps < 32 && !var; ++steps) {
      Value v = work.pop_back_val();
      for (OpOperand &use : v.getUses()) {
        if (auto st = dyn_cast<memref::StoreOp>(use.getOwner());
            st && use.getOperandNumber() == 0 && getVarAlloca(st.getMemref())) {
          var = getVarAlloca(st.getMemref());
          store = st;
          break;
        }
        if (use.getOwner()->getNumResults() == 1 && !use.getOwner()->getNumRegions())
          work.push_back(use.getOwner()->getResult(0));
      }
    }
    if (!var) {
      s.emitWarning() << kPassArg << ": not applied: the shuffled value is not stored to a local";
      return false;
    }
    Operation *after = store;
    if (auto loop = store->getParentOfType<LoopLikeOpInterface>())
      after = loop;
    OpBuilder b(after->getContext());
    b.setInsertionPointAfter(after);
    Location l = s.getLoc();
    Value cur = memref::LoadOp::create(b, l, var.getResult(), ValueRange{});
    Value zero = arith::ConstantOp::create(b, l, b.getI32IntegerAttr(0));
    Value width = arith::ConstantOp::create(b, l, b.getI32IntegerAttr(32));
    auto bc = gpu::ShuffleOp::create(b, l, cur, zero, width, gpu::ShuffleMode::IDX);
    markRepaired(bc, kPassArg);
    auto st = memref::StoreOp::create(b, l, bc.getShuffleResult(), var.getResult(), ValueRange{});
    markRepaired(st, kPassArg);
    return true;
  }
};

} // namespace
