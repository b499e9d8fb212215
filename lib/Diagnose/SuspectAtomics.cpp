//===- SuspectAtomics.cpp - a term every colliding thread adds ------------===//
//
// The replicated-term model (SuspectModels.cpp lists every model). Threads
// that differ only in one coordinate (a split-K block's `blockIdx.z`, a
// thread's `threadIdx.x` over a row) each add their partial result into the
// same element with an atomic add; a term of that value which does not depend
// on the coordinate (a bias, an offset, a constant of the formula) is then
// added once per such thread where the output needs it once:
//
//   atomicAdd(&out[row * N + col], acc + b[col]);   // acc: this K chunk's sum
//
// The suspect is the addition (or the accumulator's initial value) that brings
// the term in; the hint is the `once` edit, the term kept for coordinate 0
// only (`acc + (blockIdx.z == 0 ? b[col] : 0.0f)`). Validation decides.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

/// A coordinate of the launch: a block or thread index along x, y or z.
struct Coord {
  bool block;
  gpu::Dimension dim;
  std::string name() const {
    return (block ? "block:" : "thread:") + gpu::stringifyDimension(dim).str();
  }
  std::string source() const {
    return (block ? "blockIdx." : "threadIdx.") + gpu::stringifyDimension(dim).str();
  }
};

/// The coordinates the ops of `slice` read.
std::set<std::string> coordsOf(const BackwardSlice &slice) {
  std::set<std::string> out;
  for (auto [op, d] : slice.ops()) {
    if (auto b = dyn_cast<gpu::BlockIdOp>(op))
      out.insert(Coord{true, b.getDimension()}.name());
    else if (auto t = dyn_cast<gpu::ThreadIdOp>(op))
      out.insert(Coord{false, t.getDimension()}.name());
  }
  return out;
}

std::set<std::string> coordsOfValue(SuspectContext &ctx, Value v) {
  BackwardSlice s(ctx.mem);
  if (Operation *def = v.getDefiningOp())
    s.addSeed(def);
  else if (auto arg = dyn_cast<BlockArgument>(v))
    if (!isa<gpu::GPUFuncOp>(arg.getOwner()->getParentOp()))
      s.addSeed(arg.getOwner()->getParentOp());
  return coordsOf(s);
}

bool isZero(Value v) {
  std::optional<double> c = constantValue(v);
  return c && *c == 0.0;
}

struct Term {
  Operation *op;    // the add, or the store of the accumulator's first value
  unsigned operand; // which operand of it is the term
  Value term;
};

/// The terms of `v` (an add chain, `a + b + c`) next to a partial that
/// depends on `c`; the accumulator's first value where v reads a local whose
/// later updates depend on c (`float acc = b[col]; for (...) acc += ...`).
void termsBeside(SuspectContext &ctx, Operation *at, Value v, const std::string &c,
                 SmallVectorImpl<Term> &out, unsigned depth = 0) {
  if (depth > 4)
    return;
  v = stripCasts(v);
  Operation *def = v.getDefiningOp();
  if (isa_and_nonnull<arith::AddFOp, arith::AddIOp>(def)) {
    for (unsigned i = 0; i < 2; ++i) {
      Value t = def->getOperand(i), p = def->getOperand(1 - i);
      if (isZero(t) || coordsOfValue(ctx, t).count(c) || !coordsOfValue(ctx, p).count(c))
        continue;
      out.push_back({def, i, t});
      termsBeside(ctx, at, p, c, out, depth + 1);
    }
    return;
  }
  memref::AllocaOp acc = localOf(v);
  if (!acc)
    return;
  // The first store (in program order), in the loop the atomic is in (none,
  // mostly), not in the loops the updates are in: the accumulator's initial
  // value.
  const auto &writers = ctx.mem.writersOf(acc.getResult());
  if (writers.size() < 2)
    return;
  auto first = dyn_cast<memref::StoreOp>(writers.front());
  if (!first || first->getParentOfType<scf::ForOp>() != at->getParentOfType<scf::ForOp>())
    return;
  Value init = first.getValueToStore();
  if (isZero(init) || coordsOfValue(ctx, init).count(c))
    return;
  bool updated = llvm::any_of(llvm::drop_begin(writers), [&](Operation *w) {
    auto s = dyn_cast<memref::StoreOp>(w);
    return s && coordsOfValue(ctx, s.getValueToStore()).count(c);
  });
  if (updated)
    out.push_back({first, 0, init});
}

} // namespace

void suspects::atomicModels(SuspectContext &ctx) {
  ctx.func.walk([&](memref::AtomicRMWOp at) {
    if (at.getKind() != arith::AtomicRMWKind::addf && at.getKind() != arith::AtomicRMWKind::addi)
      return;
    if (ctx.haveEvidence && !ctx.bad.contains(at))
      return;
    // What decides the element and whether this thread adds at all: the
    // indices and the ifs around the atomic.
    BackwardSlice where(ctx.mem);
    for (Value i : at.getIndices())
      if (Operation *d = i.getDefiningOp())
        where.addSeed(d);
    for (Operation *p = at->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp())
      where.addSeed(p);
    std::set<std::string> decided = coordsOf(where);
    std::set<std::string> carried = coordsOfValue(ctx, at.getValue());
    for (bool block : {true, false})
      for (gpu::Dimension dim : {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
        Coord c{block, dim};
        // Threads along c collide on one element and bring partials that
        // differ along c.
        if (decided.count(c.name()) || !carried.count(c.name()))
          continue;
        SmallVector<Term> terms;
        termsBeside(ctx, at, at.getValue(), c.name(), terms);
        for (const Term &t : terms) {
          ctx.add(t.op, "replicated-term", 3.2,
                  llvm::formatv("threads that differ in {0} add their partials into one element "
                                "atomically; this term does not depend on {0}, so each of them "
                                "adds it again",
                                c.source())
                      .str());
          ctx.setHint(t.op, "replicated-term",
                      llvm::formatv("kind=once operand={0} with={1}", t.operand, c.name()).str(),
                      /*keepFirst=*/true);
        }
      }
  });
}
