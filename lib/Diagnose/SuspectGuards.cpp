//===- SuspectGuards.cpp - bounds tests against another dimension's size -===//
//
// The model over bounds tests (SuspectModels.cpp lists every model): a
// coordinate that indexes a buffer with unit stride inside rows of P
// elements (`x[(b*L + l)*D + d]`: rows of D) but is tested against another
// size parameter Q (`if (d >= L) return;`) is bounded by the wrong dimension
// (guard-extent); so is any coordinate of a Horner-form index
// (`((n * C + c) * H + h) * W + w`: h ranges over H) tested against
// another size. The suspect carries the edit that would make the test
// agree with the indexing (`operand with=arg:D`) as its hint. A loop's
// exclusive end computed by a floor division (floor-bound) has the division
// rounded up as its hint. A loop whose end is clipped to a size other than
// the extent its counter indexes (clip-extent) has the extent as its hint.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"
#include "SuspectSlice.h"

#include "kfix/Transforms/InductionReads.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/FormatVariadic.h"
#include <functional>
#include <map>
#include <set>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

struct Guard {
  arith::CmpIOp cmp;
  unsigned sizeOperand;
  BlockArgument size;
};

} // namespace

BlockArgument suspects::sizeParam(gpu::GPUFuncOp f, Value v) {
  auto a = dyn_cast<BlockArgument>(stripCasts(v));
  if (!a || a.getOwner() != &f.getBody().front() || !a.getType().isInteger())
    return {};
  return a;
}

void suspects::hornerCoordinates(gpu::GPUFuncOp f, Value v, std::vector<Coordinate> &out,
                                 unsigned depth) {
  if (depth > 6)
    return;
  SmallVector<Value> terms, sum{v};
  while (!sum.empty() && terms.size() < 16) {
    Value x = stripCasts(sum.pop_back_val());
    if (auto add = x.getDefiningOp<arith::AddIOp>()) {
      sum.push_back(add.getLhs());
      sum.push_back(add.getRhs());
    } else {
      terms.push_back(x);
    }
  }
  Value inner;
  BlockArgument extent;
  unsigned products = 0;
  for (Value t : terms)
    if (auto mul = t.getDefiningOp<arith::MulIOp>())
      for (unsigned s = 0; s < 2; ++s)
        if (auto p = sizeParam(f, mul->getOperand(s))) {
          ++products, extent = p, inner = mul->getOperand(1 - s);
          break;
        }
  if (products != 1)
    return;
  for (Value t : terms)
    if (!t.getDefiningOp<arith::MulIOp>())
      out.push_back({t, extent});
  hornerCoordinates(f, inner, out, depth + 1);
}

/// The integer division an exclusive loop bound is (through casts and
/// locals stored once), if any.
static Operation *floorDivision(SuspectContext &ctx, Value v, unsigned depth = 0) {
  v = stripCasts(v);
  Operation *d = v.getDefiningOp();
  if (!d || depth > 4)
    return nullptr;
  if (isa<arith::DivSIOp, arith::DivUIOp>(d))
    return d;
  if (auto l = dyn_cast<memref::LoadOp>(d); l && l.getIndices().empty())
    if (Value s = ctx.mem.singleStoredValue(l.getMemref()))
      return floorDivision(ctx, s, depth + 1);
  return nullptr;
}

/// `for (h = h0; h < h1; ++h)` with `h1 = (o + 1) * in / out`: an exclusive
/// end computed by a floor division drops the partial last window or tile
/// (floor-bound); the division rounded up is the suspect's hint.
static void floorBounds(SuspectContext &ctx) {
  ctx.func.walk([&](scf::ForOp loop) {
    if (!ctx.bad.contains(loop))
      return;
    Operation *div = floorDivision(ctx, loop.getUpperBound());
    if (!div || isa_and_nonnull<arith::ConstantOp>(div->getOperand(1).getDefiningOp()))
      return;
    ctx.add(div, "floor-bound", 3.0,
            "a loop's exclusive end is a floor division: the partial last window is "
            "dropped (round up?)");
    ctx.setHint(div, "floor-bound", "kind=ceil operand= with=");
  });
}

/// The `callarg` spec of a read of an inlined call's argument
/// (`I@LINE:COL`, kfix.callarg), or "" when the operand reads none.
static std::string callArgOf(Operation *op, unsigned i) {
  for (const CallArgUse &u : callArgUses(op))
    if (u.operand == i)
      return std::to_string(i) + "@" + u.call;
  return "";
}

/// `for (h = h0; h < h1; ++h)` reading `x[((n * H + h) * W + w) * C + c]`
/// where h1 is clipped to another size (`h1 = min(start + K, W)`, often in a
/// helper called for both axes): the clip's extent is the other axis's
/// (clip-extent); its hint makes it the coordinate's (an argument of the
/// helper's call when the extent is one: `callarg`).
static void clipExtents(SuspectContext &ctx) {
  gpu::GPUFuncOp f = ctx.func;
  // The extent each loop's counter has as a coordinate of an access.
  std::map<Operation *, std::set<unsigned>> extentOf; // loop -> arg numbers
  std::map<const void *, Operation *> loopOfRead;
  f.walk([&](scf::ForOp loop) {
    for (Value r : inductionReads(loop))
      loopOfRead[r.getAsOpaquePointer()] = loop;
  });
  f.walk([&](Operation *op) {
    Value idx = flatIndex(op);
    if (!idx)
      return;
    std::vector<Coordinate> coords;
    hornerCoordinates(f, idx, coords);
    for (const Coordinate &c : coords)
      if (auto it = loopOfRead.find(stripCasts(c.value).getAsOpaquePointer());
          it != loopOfRead.end())
        extentOf[it->second].insert(c.extent.getArgNumber());
  });
  for (auto &[loopOp, extents] : extentOf) {
    auto loop = cast<scf::ForOp>(loopOp);
    if (extents.size() != 1 || !ctx.bad.contains(loop))
      continue;
    unsigned e = *extents.begin();
    // The bound through a local stored once: a min with a size parameter.
    Value ub = stripCasts(loop.getUpperBound());
    if (auto l = ub.getDefiningOp<memref::LoadOp>(); l && l.getIndices().empty())
      if (Value st = ctx.mem.singleStoredValue(l.getMemref()))
        ub = stripCasts(st);
    Operation *clip = ub.getDefiningOp();
    if (!isa_and_nonnull<arith::MinSIOp, arith::MinUIOp>(clip))
      continue;
    for (unsigned j = 0; j < 2; ++j) {
      BlockArgument q = sizeParam(f, clip->getOperand(j));
      if (!q || q.getArgNumber() == e || q.getType() != f.getArgument(e).getType())
        continue;
      std::string qn = ctx.paramName(q.getArgNumber()), en = ctx.paramName(e);
      ctx.add(clip, "clip-extent", 3.0,
              llvm::formatv("a loop's end is clipped to '{0}', but its counter indexes the "
                            "dimension of extent '{1}'",
                            qn, en)
                  .str());
      std::string at = clip->getOperand(j) == q ? callArgOf(clip, j) : "";
      ctx.setHint(clip, "clip-extent",
                  at.empty()
                      ? llvm::formatv("operand={0} with=arg:{1}", j, en).str()
                      : llvm::formatv("kind=callarg operand={0} with=arg:{1}", at, en).str());
    }
  }
}

void suspects::guardModels(SuspectContext &ctx) {
  floorBounds(ctx);
  clipExtents(ctx);
  gpu::GPUFuncOp f = ctx.func;
  // Bounds tests of locals against size parameters: `d >= L`, `d < L`.
  std::map<Operation *, std::vector<Guard>> guards;
  f.walk([&](arith::CmpIOp c) {
    using P = arith::CmpIPredicate;
    if (c.getPredicate() == P::eq || c.getPredicate() == P::ne)
      return;
    for (unsigned side = 0; side < 2; ++side)
      if (auto var = localOf(c->getOperand(side)))
        if (auto q = sizeParam(f, c->getOperand(1 - side)))
          guards[var].push_back({c, 1 - side, q});
  });
  if (guards.empty())
    return;
  // A local stored once: its value.
  auto storedOnce = [](memref::AllocaOp var) -> Value {
    memref::StoreOp only;
    for (Operation *u : var->getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        if (only)
          return {};
        only = st;
      }
    return only ? only.getValueToStore() : Value();
  };
  // Per guarded local: the row lengths (size parameters) of the accesses it
  // indexes with unit stride.
  std::map<Operation *, std::set<unsigned>> rowOf; // arg numbers
  f.walk([&](Operation *op) {
    Value idx = flatIndex(op);
    if (!idx || !isa<BlockArgument>(memRoot(op->getOperand(isa<memref::LoadOp>(op) ? 0 : 1))))
      return;
    SmallVector<Value> work{idx}, units;
    std::set<unsigned> strides;
    unsigned budget = 32;
    while (!work.empty() && budget--) {
      Value v = stripCasts(work.pop_back_val());
      if (auto var = localOf(v)) {
        if (guards.count(var)) {
          units.push_back(v);
          continue;
        }
        if (Value s = storedOnce(var))
          work.push_back(s);
        continue;
      }
      if (auto add = v.getDefiningOp<arith::AddIOp>()) {
        work.push_back(add.getLhs());
        work.push_back(add.getRhs());
        continue;
      }
      if (auto mul = v.getDefiningOp<arith::MulIOp>()) {
        for (unsigned s = 0; s < 2; ++s)
          if (auto p = sizeParam(f, mul->getOperand(s)))
            strides.insert(p.getArgNumber());
        continue;
      }
    }
    // Horner form `((a * P + b) * Q + c)`: a coordinate added to a product
    // by a size parameter ranges over that parameter (c over Q, b over P),
    // whatever its stride.
    std::vector<Coordinate> coords;
    hornerCoordinates(f, idx, coords);
    for (const Coordinate &c : coords)
      if (auto var = localOf(c.value); var && guards.count(var))
        rowOf[var].insert(c.extent.getArgNumber());
    if (strides.size() != 1)
      return;
    for (Value u : units)
      rowOf[localOf(u)].insert(*strides.begin());
  });
  for (auto &[var, rows] : rowOf) {
    if (rows.size() != 1)
      continue;
    unsigned row = *rows.begin();
    std::string name = "?";
    if (auto n = var->getAttrOfType<StringAttr>("kfix.var"))
      name = n.getValue().str();
    for (const Guard &g : guards[var]) {
      if (g.size.getArgNumber() == row)
        continue;
      std::string q = ctx.paramName(g.size.getArgNumber()), p = ctx.paramName(row);
      ctx.add(g.cmp, "guard-extent", 3.5,
              llvm::formatv("'{0}' indexes rows of {1} elements (unit stride) but is bounded by "
                            "{2}: the test of another dimension",
                            name, p, q)
                  .str());
      ctx.setHint(g.cmp, "guard-extent",
                  llvm::formatv("operand={0} with=arg:{1}", g.sizeOperand, p).str());
    }
  }
}
