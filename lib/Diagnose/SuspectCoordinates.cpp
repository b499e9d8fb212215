//===- SuspectCoordinates.cpp - a coordinate built from a sibling size ----===//
//
// The sibling-extent model (SuspectModels.cpp lists every model). A
// coordinate of a Horner-form index (`((n * C_in + ic) * H + ih) * W + iw`:
// ic ranges over C_in) computed from a local that derives from another size
// (`ic = g * cout_per_g + icg` with `cout_per_g = C_out / G`) where a sibling
// local derives the same way from the coordinate's own extent (`cin_per_g =
// C_in / G`) took the neighbouring line's name: the read of the local is the
// suspect, and the sibling local is its hint. Square or equal sizes hide it
// (C_in == C_out passes).
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"
#include <functional>
#include <set>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

/// What a leaf of a local's definition is, for comparing two definitions: a
/// parameter, a local, or a constant's value.
std::string leafKey(Value v) {
  v = stripCasts(v);
  if (auto a = dyn_cast<BlockArgument>(v))
    return "arg" + std::to_string(a.getArgNumber());
  if (auto l = localOf(v))
    return "var" + std::to_string(reinterpret_cast<uintptr_t>(l.getOperation()));
  if (auto c = constantValue(v))
    return "const" + std::to_string(*c);
  return "";
}

} // namespace

void suspects::coordinateModels(SuspectContext &ctx) {
  gpu::GPUFuncOp f = ctx.func;
  // Locals stored once whose value is a binary op of a parameter and
  // something else: their definitions, for finding a sibling.
  struct Def {
    memref::AllocaOp var;
    Operation *op;
    unsigned paramSide;
    BlockArgument param;
    std::string other;
  };
  std::vector<Def> defs;
  f.walk([&](memref::AllocaOp a) {
    if (a.getType().getRank() != 0 || !a->hasAttr("kfix.var"))
      return;
    Value s = ctx.mem.singleStoredValue(a.getResult());
    Operation *d = s ? stripCasts(s).getDefiningOp() : nullptr;
    if (!d || d->getNumOperands() != 2 || d->getNumResults() != 1 ||
        !isa<arith::DivSIOp, arith::DivUIOp, arith::MulIOp, arith::AddIOp, arith::SubIOp>(d))
      return;
    for (unsigned side = 0; side < 2; ++side)
      if (auto p = sizeParam(f, d->getOperand(side))) {
        std::string other = leafKey(d->getOperand(1 - side));
        if (!other.empty())
          defs.push_back({a, d, side, p, other});
      }
  });
  if (defs.size() < 2)
    return;
  auto siblingFor = [&](const Def &d, BlockArgument want) -> memref::AllocaOp {
    for (const Def &e : defs)
      if (e.var != d.var && e.param == want && e.paramSide == d.paramSide && e.other == d.other &&
          e.op->getName() == d.op->getName())
        return e.var;
    return {};
  };
  std::set<Operation *> done;
  f.walk([&](Operation *op) {
    Value idx = flatIndex(op);
    if (!idx || !isa<BlockArgument>(memRoot(op->getOperand(isa<memref::LoadOp>(op) ? 0 : 1))))
      return;
    std::vector<Coordinate> coords;
    hornerCoordinates(f, idx, coords);
    for (const Coordinate &c : coords) {
      // The coordinate's expression, through sums, products and locals stored
      // once: a read of a local defined from another size than its extent.
      std::function<void(Value, unsigned)> visit = [&](Value v, unsigned depth) {
        if (depth > 6)
          return;
        v = stripCasts(v);
        if (auto var = localOf(v)) {
          if (Value s = ctx.mem.singleStoredValue(var.getResult()))
            visit(s, depth + 1);
          return;
        }
        Operation *d = v.getDefiningOp();
        if (!isa_and_nonnull<arith::AddIOp, arith::SubIOp, arith::MulIOp>(d))
          return;
        for (unsigned k = 0; k < 2; ++k) {
          Value o = d->getOperand(k);
          if (auto var = localOf(o)) {
            for (const Def &def : defs) {
              if (def.var != var || def.param == c.extent || !ctx.bad.contains(d))
                continue;
              memref::AllocaOp sib = siblingFor(def, c.extent);
              if (!sib || !done.insert(d).second)
                continue;
              std::string a = localName(var).str(), b = localName(sib).str();
              ctx.add(d, "sibling-extent", 3.3,
                      llvm::formatv("a coordinate over {0} is computed from '{1}' (from {2}); "
                                    "'{3}' is computed the same way from {0}",
                                    ctx.paramName(c.extent.getArgNumber()), a,
                                    ctx.paramName(def.param.getArgNumber()), b)
                          .str());
              ctx.setHint(d, "sibling-extent",
                          llvm::formatv("operand={0} with=var:{1}", k, b).str());
            }
          }
          visit(o, depth + 1);
        }
      };
      visit(c.value, 0);
    }
  });
}
