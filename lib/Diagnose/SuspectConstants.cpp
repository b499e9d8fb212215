//===- SuspectConstants.cpp - written-out math constants ------------------===//
//
// The model over float constants (SuspectModels.cpp lists every model): a
// constant in the slice of the wrong outputs that is a well-known constant
// with many digits (sqrt(2), 1/sqrt(2), pi, ln 2, sqrt(2/pi), the GELU
// coefficient) is where a formula is most often mistyped: the reciprocal for
// the constant (`x * sqrt(2)` for `x / sqrt(2)`), its square or square root.
// The suspect ("constant") carries the likeliest replacement as its hint
// (`kind=fconst operand=I with=VALUE`), an edit the search enumerates.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

void suspects::constantModels(SuspectContext &ctx) {
  std::vector<std::pair<Operation *, unsigned>> ops;
  ctx.func.walk([&](Operation *op) {
    if (ctx.bad.contains(op) && isa_and_nonnull<arith::ArithDialect>(op->getDialect()) &&
        !isa<arith::ConstantOp>(op))
      ops.push_back({op, ctx.bad.distance(op)});
  });
  for (auto [op, d] : ops) {
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      auto c = v.getDefiningOp<arith::ConstantOp>();
      if (!c || !isa<FloatType>(v.getType()))
        continue;
      double x = cast<FloatAttr>(c.getValue()).getValueAsDouble();
      std::string name = mathConstantName(std::fabs(x));
      llvm::SmallVector<double> related = relatedMathConstants(x);
      if (name.empty() || related.empty())
        continue;
      std::string to = mathConstantName(std::fabs(related.front()));
      ctx.add(op, "constant", 1.6,
              llvm::formatv("the constant {0} ({1}) in the wrong outputs' slice: {2} is the "
                            "usual slip for it",
                            x, name, to)
                  .str());
      ctx.setHint(
          op, "constant",
          llvm::formatv("kind=fconst operand={0} with={1}", i, exactFloatText(related.front()))
              .str(),
          /*keepFirst=*/true);
    }
  }
}
