//===- SuspectSiblings.cpp - a size computed unlike its siblings ----------===//
//
// The model over sibling sizes (SuspectModels.cpp lists every model): locals
// computed by one formula over different parameters (`OH = H - KS + 1`,
// `OW = W - KS + 1`) where one of them lacks the others' trailing `+ c`
// (`OD = D - KS`): that one is the slip (sibling-mismatch), and the suspect's
// hint is the edit that adds the missing constant to its last operand
// (`D - KS` -> `D - (KS - 1)`).
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

struct Sized {
  Operation *op;    // the value's defining op
  std::string base; // the shape without a trailing `+ c` / `- c`
  int64_t c;        // that constant (0: none)
};

} // namespace

/// The expression's shape with every kernel parameter alike (`a`), constants
/// by value and loads of locals alike (`l`).
std::string suspects::expressionShape(Value v, unsigned depth) {
  v = stripCasts(v);
  if (isa<BlockArgument>(v))
    return "a";
  Operation *d = v.getDefiningOp();
  if (!d || depth > 5)
    return "?";
  if (auto c = dyn_cast<arith::ConstantOp>(d))
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return "c" + std::to_string(i.getInt());
  if (isa<memref::LoadOp>(d))
    return "l";
  std::string s = d->getName().getStringRef().str() + "(";
  for (Value o : d->getOperands())
    s += expressionShape(o, depth + 1) + ",";
  return s + ")";
}

void suspects::siblingModels(SuspectContext &ctx) {
  std::vector<Sized> sizes;
  ctx.func.walk([&](memref::StoreOp st) {
    if (!st.getIndices().empty() || !st.getValueToStore().getType().isInteger())
      return;
    auto var = st.getMemref().getDefiningOp<memref::AllocaOp>();
    if (!var || !var->hasAttr("kfix.var"))
      return;
    Operation *d = stripCasts(st.getValueToStore()).getDefiningOp();
    if (!d || !isa<arith::AddIOp, arith::SubIOp>(d))
      return;
    Sized s{d, expressionShape(d->getResult(0)), 0};
    if (auto c = constantValue(d->getOperand(1))) {
      s.c = isa<arith::AddIOp>(d) ? int64_t(*c) : -int64_t(*c);
      s.base = expressionShape(d->getOperand(0));
    }
    sizes.push_back(s);
  });
  for (const Sized &odd : sizes) {
    if (!isa<arith::SubIOp, arith::AddIOp>(odd.op) || !ctx.bad.contains(odd.op))
      continue;
    // Siblings: the odd one's whole shape plus a constant, at least two alike.
    std::map<int64_t, unsigned> plus;
    unsigned alike = 0;
    for (const Sized &s : sizes) {
      if (s.op == odd.op)
        continue;
      if (s.c != 0 && s.base == expressionShape(odd.op->getResult(0)))
        ++plus[s.c];
      else if (expressionShape(s.op->getResult(0)) == expressionShape(odd.op->getResult(0)))
        ++alike;
    }
    for (auto [c, n] : plus) {
      if (n < 2 || n <= alike || (c != 1 && c != -1))
        continue;
      ctx.add(odd.op, "sibling-mismatch", 3.0,
              llvm::formatv("computed like {0} sibling sizes but without their trailing {1} {2}", n,
                            c > 0 ? "+" : "-", c > 0 ? c : -c)
                  .str());
      // `a - b` gets `a - (b - c)`, `a + b` gets `a + (b + c)`.
      int64_t d = isa<arith::SubIOp>(odd.op) ? -c : c;
      ctx.setHint(odd.op, "sibling-mismatch",
                  llvm::formatv("kind=delta operand=1 with={0}", d).str());
      break;
    }
  }
}
