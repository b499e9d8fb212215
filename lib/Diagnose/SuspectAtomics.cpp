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
// The same for the lanes of a warp-shuffle sum: an accumulator every lane
// seeds with a term that is the same in all lanes (`float acc = bias[o];`),
// kept for lane 0 (`once` with=lane).
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>
#include <set>

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

//===----------------------------------------------------------------------===//
// The same term, replicated by the lanes of a warp-shuffle sum
//===----------------------------------------------------------------------===//

namespace {

/// Whether `v` differs between the lanes of a warp: it reads threadIdx.x
/// other than through `/ 32` or `>> 5` (a warp index), through locals, loop
/// counters and loads. Memoized; an unknown value counts as lane-invariant.
struct LaneDependence {
  SuspectContext &ctx;
  llvm::DenseMap<Value, bool> memo;
  explicit LaneDependence(SuspectContext &ctx) : ctx(ctx) {}

  bool of(Value v, unsigned depth = 0) {
    if (depth > 24)
      return false;
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    memo[v] = false; // cycles (loop-carried locals) start invariant
    bool r = compute(v, depth);
    memo[v] = r;
    return r;
  }

  bool compute(Value v, unsigned depth) {
    if (auto a = dyn_cast<BlockArgument>(v)) {
      // A loop counter: its start.
      if (auto f = dyn_cast<scf::ForOp>(a.getOwner()->getParentOp()))
        return a == f.getInductionVar() && of(f.getLowerBound(), depth + 1);
      return false;
    }
    Operation *d = v.getDefiningOp();
    if (!d)
      return false;
    if (auto t = dyn_cast<gpu::ThreadIdOp>(d))
      return t.getDimension() == gpu::Dimension::x;
    if (isa<arith::DivUIOp, arith::DivSIOp, arith::ShRUIOp, arith::ShRSIOp>(d)) {
      std::optional<double> c = constantValue(d->getOperand(1));
      bool warpIndex =
          c &&
          (isa<arith::DivUIOp, arith::DivSIOp>(d) ? *c >= 32 && std::fmod(*c, 32) == 0 : *c >= 5);
      if (warpIndex)
        return false;
    }
    if (auto l = dyn_cast<memref::LoadOp>(d)) {
      for (Value i : l.getIndices())
        if (of(i, depth + 1))
          return true;
      // A local: what is stored into it.
      if (l.getIndices().empty())
        for (Operation *w : ctx.mem.writersOf(l.getMemref()))
          if (auto s = dyn_cast<memref::StoreOp>(w); s && of(s.getValueToStore(), depth + 1))
            return true;
      return false;
    }
    if (isa<gpu::ShuffleOp>(d))
      return true;
    for (Value o : d->getOperands())
      if (of(o, depth + 1))
        return true;
    return false;
  }
};

} // namespace

/// A local accumulator seeded with a term that is the same in every lane
/// (`float acc = bias[o];`, o a warp's output), updated per lane, then summed
/// over the warp by shuffles: every lane brings the term, so the total holds
/// it 32 times. The suspect is the seed's store; the hint keeps the term for
/// lane 0 only (`once` with=lane).
void suspects::warpReplicatedModels(SuspectContext &ctx) {
  LaneDependence lanes(ctx);
  std::set<Operation *> done;
  ctx.func.walk([&](gpu::ShuffleOp sh) {
    if (sh.getMode() != gpu::ShuffleMode::DOWN && sh.getMode() != gpu::ShuffleMode::XOR)
      return;
    // `v += shfl(v, o)`: a sum over the lanes; v a local.
    auto add = dyn_cast_or_null<arith::AddFOp>(*sh.getShuffleResult().getUsers().begin());
    if (!sh.getShuffleResult().hasOneUse() || !add)
      return;
    auto vload = sh.getValue().getDefiningOp<memref::LoadOp>();
    if (!vload || !vload.getIndices().empty())
      return;
    // The value the sum starts from: the first store into v (outside the
    // shuffle loop), then a local accumulator read there.
    const auto &vw = ctx.mem.writersOf(vload.getMemref());
    if (vw.empty())
      return;
    auto seedV = dyn_cast<memref::StoreOp>(vw.front());
    if (!seedV)
      return;
    auto accLoad = stripCasts(seedV.getValueToStore()).getDefiningOp<memref::LoadOp>();
    if (!accLoad || !accLoad.getIndices().empty() || accLoad.getMemref() == vload.getMemref())
      return;
    const auto &aw = ctx.mem.writersOf(accLoad.getMemref());
    if (aw.size() < 2)
      return;
    auto first = dyn_cast<memref::StoreOp>(aw.front());
    if (!first || done.count(first) || !ctx.bad.contains(first))
      return;
    Value init = first.getValueToStore();
    std::optional<double> c = constantValue(init);
    if ((c && *c == 0.0) || lanes.of(init))
      return;
    bool perLane = llvm::any_of(llvm::drop_begin(aw), [&](Operation *w) {
      auto s = dyn_cast<memref::StoreOp>(w);
      return s && s->getBlock() != first->getBlock() && lanes.of(s.getValueToStore());
    });
    if (!perLane)
      return;
    done.insert(first);
    ctx.add(first, "replicated-term", 3.4,
            "every lane seeds its accumulator with this value, the same in all lanes, and a "
            "warp-shuffle sum adds the lanes' accumulators: the total holds it once per lane");
    ctx.setHint(first, "replicated-term", "kind=once operand=0 with=lane", /*keepFirst=*/true);
  });
}
