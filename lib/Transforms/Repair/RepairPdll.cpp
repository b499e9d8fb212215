//===- RepairPdll.cpp - apply one repair pattern written in PDLL ----------===//
//
// The road to a repair without C++: a `Pattern` in kb/pdll/<name>.pdll is
// compiled by mlir-pdll at build time (see this directory's CMakeLists.txt)
// and applied by name with `kfix-repair-pdll{pattern=<Name> loc=...}`.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/PDL/IR/PDLOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRPDLL
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

#include "KFixPdllPatterns.inc"

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-pdll";

struct RepairPdllPass : public kfix::impl::RepairPdllBase<RepairPdllPass> {
  using RepairPdllBase::RepairPdllBase;

  std::shared_ptr<FrozenRewritePatternSet> frozen;
  std::string error;

  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet patterns(ctx);
    KFIX_POPULATE_PDLL_PATTERNS(patterns);
    ModuleOp pdl = patterns.getPDLPatterns().getModule();
    SmallVector<std::string> known;
    bool found = false;
    if (pdl) {
      for (auto p : llvm::make_early_inc_range(pdl.getOps<pdl::PatternOp>())) {
        StringRef name = p.getSymName().value_or("");
        known.push_back(name.str());
        if (name == pattern)
          found = true;
        else
          p.erase();
      }
    }
    if (!found) {
      llvm::sort(known);
      error = (kPassArg + ": unknown PDLL pattern '" + pattern +
               "' (known: " + llvm::join(known, ", ") + ")")
                  .str();
      return success();
    }
    frozen = std::make_shared<FrozenRewritePatternSet>(std::move(patterns));
    return success();
  }

  static unsigned countMarked(Operation *root) {
    unsigned n = 0;
    root->walk([&](Operation *op) {
      if (auto a = op->getAttrOfType<StringAttr>("kfix.repaired"); a && a.getValue() == kPassArg)
        ++n;
    });
    return n;
  }

  void runOnOperation() override {
    if (!error.empty()) {
      getOperation().emitError() << error;
      return signalPassFailure();
    }
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (op != getOperation() && locMatches(op->getLoc(), loc))
        ops.push_back(op);
    });
    unsigned before = countMarked(getOperation());
    GreedyRewriteConfig config;
    config.enableFolding(false)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
        .setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(ops, *frozen, config);
    numRewrites += countMarked(getOperation()) - before;
  }
};

} // namespace
