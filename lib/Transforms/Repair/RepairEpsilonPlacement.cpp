//===- RepairEpsilonPlacement.cpp - rsqrt(var + eps), not rsqrt(var) + eps ===//
//
// `squared=true`: sqrt(d * d + eps * eps) for sqrt(d * d) + eps (a smoothed
// absolute value: Charbonnier, pseudo-Huber).
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Math/IR/Math.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIREPSILONPLACEMENT
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-epsilon-placement";

/// A small positive constant or a float kernel parameter (or a local holding
/// one of those).
bool looksLikeEpsilon(Value v) {
  if (auto var = loadedVar(v)) {
    auto stores = storesTo(var);
    return stores.size() == 1 && looksLikeEpsilon(stores[0].getValue());
  }
  if (auto c = getConstFloat(v))
    return *c != 0.0 && std::abs(*c) <= 1e-2;
  auto arg = dyn_cast<BlockArgument>(v);
  return arg && isa<FloatType>(v.getType()) && isa<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
}

struct RepairEpsilonPlacementPass
    : public kfix::impl::RepairEpsilonPlacementBase<RepairEpsilonPlacementPass> {
  using RepairEpsilonPlacementBase::RepairEpsilonPlacementBase;

  void runOnOperation() override {
    SmallVector<arith::AddFOp> adds;
    getOperation().walk([&](arith::AddFOp add) {
      if (locMatches(add.getLoc(), loc))
        adds.push_back(add);
    });
    bool aimed = !StringRef(loc).trim().empty();
    for (arith::AddFOp add : adds) {
      for (unsigned i : {0u, 1u}) {
        Operation *root = add->getOperand(i).getDefiningOp();
        Value eps = add->getOperand(1 - i);
        if (!isa_and_nonnull<math::RsqrtOp, math::SqrtOp>(root) ||
            !root->getResult(0).hasOneUse() || (!aimed && !looksLikeEpsilon(eps)))
          continue;
        OpBuilder b(add);
        if (squared) {
          auto sq = arith::MulFOp::create(b, add.getLoc(), eps, eps, add.getFastmathAttr());
          markRepaired(sq, kPassArg);
          eps = sq.getResult();
        }
        auto sum =
            arith::AddFOp::create(b, add.getLoc(), root->getOperand(0), eps, add.getFastmathAttr());
        markRepaired(sum, kPassArg);
        OperationState st(root->getLoc(), root->getName());
        st.addOperands(sum.getResult());
        st.addTypes(add.getType());
        st.addAttributes(root->getAttrs());
        Operation *r = b.create(st);
        markRepaired(r, kPassArg);
        add.replaceAllUsesWith(r->getResult(0));
        add.erase();
        root->erase();
        ++numRewrites;
        break;
      }
    }
  }
};

} // namespace
