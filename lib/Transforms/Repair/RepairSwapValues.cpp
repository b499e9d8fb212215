//===- RepairSwapValues.cpp - two values of a statement swapped -----------===//
//
// `silu(u) * g` where `silu(g) * u` was meant, `lerp(param, ema, w)` for
// `lerp(ema, param, w)`, `safe_div(norm, x)` for `safe_div(x, norm)`: the
// operands that are swapped are not those of one non-commutative op (the
// product is commutative; a helper's body was inlined), but two values the
// statement reads. The pass exchanges two of them in the expression of a
// store at the site.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRSWAPVALUES
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-swap-values";

/// A value the statement reads: a load (of a C local, a buffer element, a
/// shared element) or a scalar kernel parameter. Loads of the same local,
/// or of the same buffer at structurally equal indices, are one leaf.
struct Leaf {
  Value rep;                     ///< the first occurrence
  SmallVector<OpOperand *> uses; ///< its uses inside the expression
};

bool sameLeaf(Value a, Value b) {
  if (a == b)
    return true;
  auto la = a.getDefiningOp<memref::LoadOp>(), lb = b.getDefiningOp<memref::LoadOp>();
  if (!la || !lb || la.getMemref() != lb.getMemref() ||
      la.getIndices().size() != lb.getIndices().size())
    return false;
  for (auto [x, y] : llvm::zip(la.getIndices(), lb.getIndices()))
    if (!sameExpr(x, y))
      return false;
  return true;
}

bool isLeafValue(Value v) {
  if (!isa<FloatType>(getElementTypeOrSelf(v.getType())))
    return false;
  if (isa<BlockArgument>(v))
    return isa<gpu::GPUFuncOp>(cast<BlockArgument>(v).getOwner()->getParentOp());
  return isa<memref::LoadOp>(v.getDefiningOp());
}

/// The memref a leaf reads (null for a parameter).
Value leafSource(Value v) {
  if (auto load = v.getDefiningOp<memref::LoadOp>())
    return load.getMemref();
  return {};
}

/// Both leaves are read once, as the two operands of one commutative op
/// (`a * b`): exchanging them changes nothing.
bool onlyCommuted(const Leaf &a, const Leaf &b) {
  if (a.uses.size() != 1 || b.uses.size() != 1)
    return false;
  Operation *op = a.uses[0]->getOwner();
  return op == b.uses[0]->getOwner() && op->hasTrait<OpTrait::IsCommutative>();
}

struct RepairSwapValuesPass : public kfix::impl::RepairSwapValuesBase<RepairSwapValuesPass> {
  using RepairSwapValuesBase::RepairSwapValuesBase;

  SmallVector<Leaf> leaves;

  void collect(Value v, llvm::SmallPtrSetImpl<Operation *> &seen, unsigned depth) {
    Operation *def = v.getDefiningOp();
    if (depth > 32 || (def && !seen.insert(def).second))
      return;
    if (!def || def->getNumRegions() || isa<memref::LoadOp>(def))
      return;
    if (!isMemoryEffectFree(def))
      return;
    for (OpOperand &use : def->getOpOperands()) {
      Value o = use.get();
      if (isLeafValue(o)) {
        auto it = llvm::find_if(leaves, [&](const Leaf &l) { return sameLeaf(l.rep, o); });
        if (it == leaves.end())
          leaves.push_back({o, {&use}});
        else
          it->uses.push_back(&use);
        continue;
      }
      collect(o, seen, depth + 1);
    }
  }

  /// `v` recomputed so that it is available before `at`: `v` itself when it
  /// dominates `at`, otherwise a clone of its (side-effect free or reading)
  /// definition. Null when that is not possible.
  Value availableBefore(Value v, Operation *at, DominanceInfo &dom, unsigned depth = 0) {
    if (dom.properlyDominates(v, at))
      return v;
    Operation *def = v.getDefiningOp();
    if (!def || depth > 8 || def->getNumRegions() ||
        !(isMemoryEffectFree(def) || isa<memref::LoadOp>(def)))
      return {};
    IRMapping map;
    for (Value o : def->getOperands()) {
      Value a = availableBefore(o, at, dom, depth + 1);
      if (!a)
        return {};
      map.map(o, a);
    }
    OpBuilder b(at);
    Operation *copy = b.clone(*def, map);
    return copy->getResult(cast<OpResult>(v).getResultNumber());
  }

  void runOnOperation() override {
    if (StringRef(loc).trim().empty()) {
      getOperation().emitError() << kPassArg << ": needs loc=<file:line[:col]>";
      return signalPassFailure();
    }
    unsigned swapped = 0;
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      // Stores of a float value or of a vector of floats (`y2[i] = f(a2, b2)`).
      SmallVector<std::pair<Operation *, Value>> roots;
      func.walk([&](Operation *op) {
        Value v;
        if (auto st = dyn_cast<memref::StoreOp>(op))
          v = st.getValue();
        else if (auto vs = dyn_cast<vector::StoreOp>(op))
          v = vs.getValueToStore();
        if (v && locMatches(op->getLoc(), loc) && isa<FloatType>(getElementTypeOrSelf(v.getType())))
          roots.push_back({op, v});
      });
      DominanceInfo dom(func);
      for (auto [root, value] : roots) {
        leaves.clear();
        llvm::SmallPtrSet<Operation *, 32> seen;
        if (isLeafValue(value))
          continue; // `y = x`: nothing to exchange
        collect(value, seen, 0);
        // Pairs of leaves of one type: two different variables or buffers
        // first, then two elements of one buffer.
        SmallVector<std::pair<unsigned, unsigned>> pairs;
        for (bool sameSource : {false, true})
          for (unsigned j = 1; j < leaves.size(); ++j)
            for (unsigned i = 0; i < j; ++i) {
              Value a = leaves[i].rep, b = leaves[j].rep;
              if (a.getType() != b.getType() ||
                  (leafSource(a) && leafSource(a) == leafSource(b)) != sameSource ||
                  onlyCommuted(leaves[i], leaves[j]))
                continue;
              pairs.push_back({i, j});
            }
        if (pair >= pairs.size())
          continue;
        auto [i, j] = pairs[pair];
        // Compute every replacement first, then rewire.
        SmallVector<std::pair<OpOperand *, Value>> rewires;
        bool ok = true;
        for (auto [from, to] : {std::pair{i, j}, std::pair{j, i}}) {
          // One re-read before the first use when it serves every use.
          Operation *first = leaves[from].uses.front()->getOwner();
          for (OpOperand *use : leaves[from].uses)
            if (use->getOwner()->getBlock() == first->getBlock() &&
                use->getOwner()->isBeforeInBlock(first))
              first = use->getOwner();
          Value shared = availableBefore(leaves[to].rep, first, dom);
          for (OpOperand *use : leaves[from].uses) {
            Value v = shared && dom.properlyDominates(shared, use->getOwner())
                          ? shared
                          : availableBefore(leaves[to].rep, use->getOwner(), dom);
            ok &= bool(v);
            rewires.push_back({use, v});
          }
        }
        if (!ok)
          continue;
        // The reads exchanged, for the source patch (`f(b, a)` for `f(a, b)`):
        // kfix.swap = 0 on the first value's reads, 1 on the second's.
        for (unsigned k = 0; k < 2; ++k)
          for (OpOperand *use : leaves[k ? j : i].uses)
            if (Operation *d = use->get().getDefiningOp())
              d->setAttr("kfix.swap", IntegerAttr::get(IntegerType::get(d->getContext(), 32), k));
        for (auto [use, v] : rewires)
          use->set(v);
        markRepaired(root, kPassArg);
        ++swapped;
      }
    }
    if (swapped == 0)
      getOperation().emitWarning()
          << kPassArg << ": no pair " << static_cast<unsigned>(pair) << " of values at " << loc;
    numRewrites += swapped;
  }
};

} // namespace
