//===- SuspectVectors.cpp - a vector index used as an element index -------===//
//
// The vector-unit model (SuspectModels.cpp lists every model). A loop over
// float4 / half2 vectors counts vectors (`x2[p]` reads elements 2p and
// 2p + 1), but the coordinates of its elements are in element units: the
// channel of an NCHW element is `(e / HW) % C` for the element index e. A
// coordinate computed from the vector index itself (`(p / HW) % C`) takes the
// vector count for an element count:
//
//   for (int p = tid; p < total / 2; p += stride) {
//     int c = (p / HW) % C;          // ((2 * p) / HW) % C
//     float2 v = __half22float2(x2[p]);
//
// The suspect is the division (or remainder) of the vector index by a size,
// with the hint `p` -> `p * W` (W the vector's width). Validation decides.
//
// The lane-order model: lane k of a vector result computed from lanes of
// other vectors reads lane k of each of them, but for one read of another
// lane (`r.w = gv.w - __expf(yv.z) * s`, a line copied from the one above).
// That read is the suspect, with the hint of the `lane` edit to lane k.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

/// `v` (through casts) is `x * W` or `W * x` with a constant W: x and W.
std::optional<std::pair<Value, int64_t>> scaledBy(Value v) {
  auto m = stripCasts(v).getDefiningOp<arith::MulIOp>();
  if (!m)
    return std::nullopt;
  for (unsigned i = 0; i < 2; ++i)
    if (std::optional<double> c = constantValue(m->getOperand(1 - i)))
      return std::pair{m->getOperand(i), (int64_t)*c};
  return std::nullopt;
}

/// True when `v` (or the local it is stored into) indexes a scalar load
/// (through casts and the reads of that local).
bool indexesScalarLoad(Value v) {
  SmallVector<Value> work{v};
  for (size_t k = 0; k < work.size() && k < 16; ++k)
    for (Operation *u : work[k].getUsers()) {
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        auto a = st.getMemRef().getDefiningOp<memref::AllocaOp>();
        if (a && st.getValueToStore() == work[k] && a.getType().getRank() == 0)
          for (Operation *r : a->getUsers())
            if (auto l = dyn_cast<memref::LoadOp>(r))
              work.push_back(l.getResult());
        continue;
      }
      if (auto l = dyn_cast<memref::LoadOp>(u)) {
        if (llvm::is_contained(l.getIndices(), work[k]) && l.getMemRefType().getRank() > 0)
          return true;
        continue;
      }
      if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp>(u))
        work.push_back(u->getResult(0));
      // A loop's start: its counter.
      if (auto f = dyn_cast<scf::ForOp>(u); f && f.getLowerBound() == work[k])
        work.push_back(f.getInductionVar());
    }
  return false;
}

/// The vector-tail model: after a loop over W-wide vectors up to a count of
/// vectors (`q < n4`, n4 = n / 4), the scalar loop over the remaining elements
/// starts at the count itself (`i = n4 + tid`) where the elements start at
/// `n4 * W`: it reads the elements from n4 on again. The start is the
/// suspect, with the hint `n4` -> `n4 * W`.
void vectorTailStart(SuspectContext &ctx, const std::map<const void *, int64_t> &widths) {
  // The vector counts: what a vector counter is compared against.
  std::map<const void *, int64_t> counts;
  ctx.func.walk([&](arith::CmpIOp c) {
    using P = arith::CmpIPredicate;
    if (c.getPredicate() != P::slt && c.getPredicate() != P::ult)
      return;
    auto it = widths.find(scalarKey(c.getLhs()));
    if (it != widths.end() && !constantValue(c.getRhs()))
      counts[scalarKey(c.getRhs())] = it->second;
  });
  ctx.func.walk([&](scf::ForOp f) {
    // The counter, or the local the lifter keeps it in.
    SmallVector<const void *> keys{scalarKey(f.getInductionVar())};
    for (Operation *u : f.getInductionVar().getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getValueToStore() == f.getInductionVar())
        if (auto a = st.getMemRef().getDefiningOp<memref::AllocaOp>())
          keys.push_back(a.getOperation());
    for (const void *key : keys)
      if (auto it = widths.find(key); it != widths.end() && !constantValue(f.getUpperBound()))
        counts[scalarKey(f.getUpperBound())] = it->second;
  });
  if (counts.empty())
    return;
  ctx.func.walk([&](arith::AddIOp add) {
    if (ctx.haveEvidence && !ctx.bad.contains(add))
      return;
    for (unsigned i = 0; i < 2; ++i) {
      auto it = counts.find(scalarKey(add->getOperand(i)));
      if (it == counts.end() || widths.count(scalarKey(add->getOperand(1 - i))) ||
          !indexesScalarLoad(add.getResult()))
        continue;
      ctx.add(add, "vector-tail", 3.0,
              llvm::formatv("the scalar tail after a loop over {0}-wide vectors starts at the "
                            "count of vectors: its elements start at {0} times it",
                            it->second)
                  .str());
      ctx.setHint(add, "vector-tail",
                  llvm::formatv("kind=mulby operand={0} with={1}", i, it->second).str(),
                  /*keepFirst=*/true);
      return;
    }
  });
}

} // namespace

void suspects::vectorModels(SuspectContext &ctx) {
  // The vector indices: x in `x * W` indexing a W-wide vector access.
  std::map<const void *, int64_t> widths;
  ctx.func.walk([&](Operation *op) {
    VectorType vt;
    Value index;
    if (auto l = dyn_cast<vector::LoadOp>(op); l && l.getIndices().size() == 1)
      vt = l.getVectorType(), index = l.getIndices()[0];
    else if (auto s = dyn_cast<vector::StoreOp>(op); s && s.getIndices().size() == 1)
      vt = s.getVectorType(), index = s.getIndices()[0];
    if (!vt || vt.getRank() != 1 || vt.getNumElements() < 2)
      return;
    if (auto xs = scaledBy(index); xs && xs->second == vt.getNumElements())
      widths[scalarKey(xs->first)] = xs->second;
  });
  if (widths.empty())
    return;
  vectorTailStart(ctx, widths);
  // Coordinates of the vector index by a size: `p / HW`, `p % W`.
  ctx.func.walk([&](Operation *op) {
    if (!isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(op) ||
        constantValue(op->getOperand(1)) || (ctx.haveEvidence && !ctx.bad.contains(op)))
      return;
    // A divisor in vector units already (`cols / 4`, `cols >> 2`).
    Operation *d = stripCasts(op->getOperand(1)).getDefiningOp();
    if (isa_and_nonnull<arith::DivSIOp, arith::DivUIOp, arith::ShRSIOp, arith::ShRUIOp>(d) &&
        constantValue(d->getOperand(1)))
      return;
    auto it = widths.find(scalarKey(op->getOperand(0)));
    if (it == widths.end()) {
      // The coordinate of a later lane, `(p + 1) / HW` for lane 1 of the
      // vector p (element 2p + 1): the vector index in the sum is scaled.
      auto add = stripCasts(op->getOperand(0)).getDefiningOp<arith::AddIOp>();
      if (!add || (ctx.haveEvidence && !ctx.bad.contains(op)))
        return;
      for (unsigned i = 0; i < 2; ++i) {
        auto w = widths.find(scalarKey(add->getOperand(i)));
        std::optional<double> lane = constantValue(add->getOperand(1 - i));
        if (w == widths.end() || !lane || *lane < 1 || *lane >= w->second)
          continue;
        ctx.add(add, "vector-unit", 3.0,
                llvm::formatv("lane {0} of a {1}-wide vector: its element is {1} times the "
                              "vector index plus {0}, not the vector index plus {0}",
                              (int64_t)*lane, w->second)
                    .str());
        ctx.setHint(add, "vector-unit",
                    llvm::formatv("kind=mulby operand={0} with={1}", i, w->second).str(),
                    /*keepFirst=*/true);
        return;
      }
      return;
    }
    ctx.add(op, "vector-unit", 3.0,
            llvm::formatv("the index of {0}-wide vectors is divided by a size in elements: the "
                          "coordinate of its elements needs the element index ({0} times it)",
                          it->second)
                .str());
    ctx.setHint(op, "vector-unit", llvm::formatv("kind=mulby operand=0 with={0}", it->second).str(),
                /*keepFirst=*/true);
  });
}

void suspects::laneOrderModels(SuspectContext &ctx) {
  ctx.func.walk([&](vector::InsertOp ins) {
    auto pos = ins.getStaticPosition();
    if (pos.size() != 1 || pos[0] < 0 || ins.hasDynamicPosition())
      return;
    int64_t k = pos[0];
    // The lanes the inserted value reads, through arithmetic and math.
    SmallVector<vector::ExtractOp> reads;
    SmallVector<std::pair<Value, unsigned>> work{{ins.getValueToStore(), 0}};
    llvm::SmallPtrSet<Operation *, 16> seen;
    while (!work.empty()) {
      auto [v, d] = work.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (!def || d > 8 || !seen.insert(def).second)
        continue;
      if (auto ex = dyn_cast<vector::ExtractOp>(def)) {
        if (ex.getStaticPosition().size() == 1 && !ex.hasDynamicPosition() &&
            ex.getSourceVectorType().getRank() == 1)
          reads.push_back(ex);
        continue;
      }
      if (!def->getDialect() || (def->getDialect()->getNamespace() != "arith" &&
                                 def->getDialect()->getNamespace() != "math"))
        continue;
      for (Value o : def->getOperands())
        work.push_back({o, d + 1});
    }
    if (reads.size() < 2)
      return;
    vector::ExtractOp odd;
    unsigned same = 0;
    for (vector::ExtractOp ex : reads) {
      if (ex.getStaticPosition()[0] == k)
        ++same;
      else if (odd)
        return; // two other lanes: not one slip
      else
        odd = ex;
    }
    if (!odd || same == 0 || k >= odd.getSourceVectorType().getNumElements())
      return;
    ctx.add(odd, "lane-order", 3.0,
            llvm::formatv("lane {0} of the result reads lane {0} of its other vectors but lane "
                          "{1} here",
                          k, odd.getStaticPosition()[0])
                .str());
    ctx.setHint(odd, "lane-order", llvm::formatv("kind=lane operand= with={0}", k).str(),
                /*keepFirst=*/true);
  });
}
