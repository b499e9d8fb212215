//===- SuspectIndexing.cpp - index-arithmetic suspect models ---------------===//
//
// The models of an index built from the wrong thread/block quantities:
//
//   thread-dim   an index mixing blockIdx of one dimension with threadIdx
//                (or blockDim) of another, less the idioms that legitimately
//                mix them (one block along a dimension, rows-per-block
//                constants equal to the block's extent, batch offsets)
//   grid-stride  a loop whose step does not match its start
//   tile-size    a tile constant that differs from the block extent it indexes
//   loop-step    a loop stepping by a constant above one that reads one
//                element per iteration
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

/// The launch has a single block along dimension `d` (blockIdx.d is always 0),
/// so an index can only tell blocks apart through another dimension's
/// blockIdx: `blockIdx.x * blockDim.y + threadIdx.y` (several rows of a 2-D
/// block per block of a 1-D grid) is then the idiom, not a mix-up.
static bool singleBlockAlong(SuspectContext &ctx, unsigned dimBits) {
  if (!single(dimBits))
    return false;
  return ctx.in.grid[bitIndex(dimBits)] == 1;
}

/// `v` is `blockIdx.? * C` (through casts) with C a constant equal to the
/// block's extent along `dimBits`: `blockIdx.x * WARPS_PER_BLOCK + threadIdx.y`
/// in a 32 x WARPS_PER_BLOCK block is blockDim.y written as a constant.
static bool blockTimesExtent(SuspectContext &ctx, Value v, unsigned dimBits) {
  if (!single(dimBits))
    return false;
  int64_t extent = ctx.in.block[bitIndex(dimBits)];
  auto mul = stripCasts(v).getDefiningOp<arith::MulIOp>();
  if (!mul || extent <= 1)
    return false;
  for (Value side : mul->getOperands())
    if (auto c = constantValue(side); c && *c == double(extent))
      return true;
  return false;
}

/// `v` is `blockIdx.? * S` (through casts) with S a kernel parameter: a batch
/// or plane offset (`bz * strideB`), not the block part of a thread index.
static bool blockTimesParam(SuspectContext &ctx, Value v) {
  // Through casts and locals stored once (`const int bz = blockIdx.z;`).
  auto resolve = [&](Value x) {
    for (unsigned depth = 0; depth < 4; ++depth) {
      x = stripCasts(x);
      auto l = x.getDefiningOp<memref::LoadOp>();
      if (!l || !l.getIndices().empty())
        break;
      Value stored = ctx.mem.singleStoredValue(l.getMemref());
      if (!stored)
        break;
      x = stored;
    }
    return stripCasts(x);
  };
  auto mul = resolve(v).getDefiningOp<arith::MulIOp>();
  if (!mul)
    return false;
  for (unsigned i = 0; i < 2; ++i)
    if (isa_and_nonnull<gpu::BlockIdOp>(resolve(mul->getOperand(i)).getDefiningOp()) &&
        isa<BlockArgument>(resolve(mul->getOperand(1 - i))))
      return true;
  return false;
}

static void threadDim(SuspectContext &ctx, Operation *op) {
  if (!isa<arith::AddIOp, arith::MulIOp>(op))
    return;
  Dims a, b;
  collectDims(op->getOperand(0), ctx.mem, a);
  collectDims(op->getOperand(1), ctx.mem, b);
  if (isa<arith::AddIOp>(op)) {
    for (int swap = 0; swap < 2; ++swap) {
      const Dims &blk = swap ? b : a, &thr = swap ? a : b;
      if (single(blk.blockId) && !blk.threadId && single(thr.threadId) && !thr.blockId &&
          blk.blockId != thr.threadId && !blockTimesParam(ctx, op->getOperand(swap ? 1 : 0)) &&
          !((blk.blockDim == thr.threadId ||
             blockTimesExtent(ctx, op->getOperand(swap ? 1 : 0), thr.threadId)) &&
            singleBlockAlong(ctx, thr.threadId))) {
        ctx.add(op, "thread-dim", 4.0,
                llvm::formatv("index combines blockIdx.{0} with threadIdx.{1}",
                              dimName(bitIndex(blk.blockId)), dimName(bitIndex(thr.threadId)))
                    .str());
        return;
      }
    }
    return;
  }
  // blockIdx.a * blockDim.b
  for (int swap = 0; swap < 2; ++swap) {
    const Dims &x = swap ? b : a, &y = swap ? a : b;
    if (single(x.blockId) && !x.blockDim && single(y.blockDim) && !y.blockId &&
        x.blockId != y.blockDim && !singleBlockAlong(ctx, y.blockDim)) {
      ctx.add(op, "thread-dim", 3.0,
              llvm::formatv("index multiplies blockIdx.{0} by blockDim.{1}",
                            dimName(bitIndex(x.blockId)), dimName(bitIndex(y.blockDim)))
                  .str());
      return;
    }
  }
}

static void gridStride(SuspectContext &ctx, Operation *op) {
  // The step `E * K` (K > 1 a constant; through a local stored once): a
  // suspect at the product, hinting E alone. True when named.
  // A start scaled by the same constant (`i = gtid * 4; i += nthreads * 4`:
  // each thread takes K consecutive elements) is no such loop.
  auto constFactor = [&](Value v) -> std::optional<double> {
    for (unsigned d = 0; d < 3 && v; ++d) {
      v = stripCasts(v);
      if (auto mul = v.getDefiningOp<arith::MulIOp>()) {
        for (unsigned i = 0; i < 2; ++i)
          if (auto k = constantValue(mul->getOperand(i)))
            return k;
        return std::nullopt;
      }
      auto l = v.getDefiningOp<memref::LoadOp>();
      v = l && l.getIndices().empty() ? ctx.mem.singleStoredValue(l.getMemref()) : Value();
    }
    return std::nullopt;
  };
  auto scaledByConstant = [&](Value start, Value step, Operation *anchor) {
    Value v = stripCasts(step);
    for (unsigned d = 0; d < 3 && v; ++d) {
      auto mul = v.getDefiningOp<arith::MulIOp>();
      if (!mul) {
        auto l = v.getDefiningOp<memref::LoadOp>();
        v = l && l.getIndices().empty() ? stripCasts(ctx.mem.singleStoredValue(l.getMemref()))
                                        : Value();
        continue;
      }
      for (unsigned i = 0; i < 2; ++i) {
        std::optional<double> k = constantValue(mul->getOperand(1 - i));
        if (!k || *k < 2 || constantValue(mul->getOperand(i)))
          continue;
        if (constFactor(start) == k)
          return false;
        ctx.add(mul, "grid-stride", 3.5,
                llvm::formatv("loop starts at the global thread index but steps by the grid's "
                              "threads times {0}: {1} of every {0} strides are never visited",
                              int64_t(*k), int64_t(*k) - 1)
                    .str(),
                anchor);
        ctx.setHint(mul, "grid-stride", llvm::formatv("kind=bypass operand={0}", i).str());
        return true;
      }
      return false;
    }
    return false;
  };
  auto check = [&](Operation *anchor, Value start, Value step) {
    Dims lb, st;
    collectDims(start, ctx.mem, lb);
    collectDims(step, ctx.mem, st);
    // A constant step equal to the block size (`i += BLOCK`) is blockDim too.
    std::optional<double> k = constantValue(step);
    bool blockSized = k && ctx.in.block[0] > 1 && int64_t(*k) == ctx.in.block[0];
    // A loop over a block's threads along one dimension stepping by another
    // dimension's extent (`for (r = threadIdx.y; ...; r += blockDim.x)`).
    if (single(lb.threadId) && !lb.blockId && single(st.blockDim) && !st.gridDim &&
        lb.threadId != st.blockDim && !st.threadId && !st.blockId)
      ctx.add(anchor, "thread-dim", 3.5,
              llvm::formatv("loop starts at threadIdx.{0} but steps by blockDim.{1}",
                            dimName(bitIndex(lb.threadId)), dimName(bitIndex(st.blockDim)))
                  .str());
    else if (lb.blockId && lb.threadId && (st.blockDim || blockSized) && !st.gridDim)
      ctx.add(anchor, "grid-stride", 3.5,
              "loop starts at the global thread index but steps by blockDim only (no gridDim)");
    // The step's unit does not match the start's: a loop over the threads of a
    // block (from threadIdx) stepping by the grid's extent, or a loop over the
    // blocks (from blockIdx) stepping by the block's.
    else if (lb.threadId && !lb.blockId && st.gridDim && !st.blockDim)
      ctx.add(anchor, "grid-stride", 3.5,
              "loop starts at a thread index of the block but steps by gridDim (not blockDim)");
    else if (lb.blockId && !lb.threadId && st.blockDim && !st.gridDim)
      ctx.add(anchor, "grid-stride", 3.5,
              "loop starts at a block index but steps by blockDim (not gridDim)");
    // A grid-stride loop over vectors stepping by the grid's threads times
    // the vector width (`i` counts float4s, `i += nthreads * 4`): K - 1 of
    // every K strides of vectors are never visited. The hint drops the factor.
    else if (lb.blockId && lb.threadId && st.gridDim && st.blockDim &&
             scaledByConstant(start, step, anchor))
      ;
    // A grid-stride loop over one axis of the grid stepping by another's
    // extent (`i = blockIdx.x * B + threadIdx.x; i += B * gridDim.y`).
    else if (single(lb.blockId) && single(st.gridDim) && lb.blockId != st.gridDim)
      ctx.add(anchor, "thread-dim", 3.5,
              llvm::formatv("loop starts at blockIdx.{0} but steps by gridDim.{1}",
                            dimName(bitIndex(lb.blockId)), dimName(bitIndex(st.gridDim)))
                  .str());
  };
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    check(op, f.getLowerBound(), f.getStep());
    return;
  }
  // while form: i = start; ... i = i + step
  auto st = dyn_cast<memref::StoreOp>(op);
  if (!st || !st.getIndices().empty() || !op->getParentOfType<scf::WhileOp>())
    return;
  auto add = stripCasts(st.getValueToStore()).getDefiningOp<arith::AddIOp>();
  if (!add)
    return;
  Value root = memRoot(st.getMemref());
  Value step = loadsFrom(add.getLhs(), root)   ? add.getRhs()
               : loadsFrom(add.getRhs(), root) ? add.getLhs()
                                               : Value();
  if (!step)
    return;
  for (Operation *w : ctx.mem.writersOf(root))
    if (auto init = dyn_cast<memref::StoreOp>(w); init && w != op)
      check(add, init.getValueToStore(), step);
}

/// The dimension of a bare thread id (through casts and locals stored once).
static std::optional<unsigned> bareThreadDim(SuspectContext &ctx, Value v, unsigned depth = 0) {
  v = stripCasts(v);
  Operation *def = v.getDefiningOp();
  if (!def || depth > 4)
    return std::nullopt;
  if (auto t = dyn_cast<gpu::ThreadIdOp>(def))
    return unsigned(t.getDimension());
  if (auto l = dyn_cast<memref::LoadOp>(def); l && l.getIndices().empty())
    return bareThreadDim(ctx, ctx.mem.singleStoredValue(l.getMemref()), depth + 1);
  return std::nullopt;
}

/// A constant tile size used with a thread dimension whose block size differs:
/// a loop over the threads of the block (`for (k = threadIdx.x; ...; k += TPB)`)
/// or over the rows of a tile (`tile[threadIdx.y + j]`, `j += ROWS`) that steps
/// by something other than the block's extent, or a block offset
/// `blockIdx.d * TILE + threadIdx.d` with TILE != blockDim.d. The first two
/// skip or repeat work on every block; the third leaves gaps or overlaps.
static void tileSize(SuspectContext &ctx, Operation *op) {
  // K equal to another dimension's block size is a thread-dimension mix-up
  // (blockIdx.x * ROWS + threadIdx.x for (32, ROWS) blocks): thread-dim's.
  auto mismatch = [&](std::optional<double> k, unsigned d) {
    int64_t b = ctx.in.block[d];
    if (!k || *k <= 1 || b <= 1 || int64_t(*k) == b)
      return false;
    for (unsigned e = 0; e < 3; ++e)
      if (e != d && ctx.in.block[e] == int64_t(*k))
        return false;
    return true;
  };
  // A value through casts and a local stored once (`int base = ...; base + t`).
  auto resolved = [&](Value v) {
    v = stripCasts(v);
    if (auto l = v.getDefiningOp<memref::LoadOp>(); l && l.getIndices().empty())
      if (Value stored = ctx.mem.singleStoredValue(l.getMemref()))
        return stripCasts(stored);
    return v;
  };
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    auto k = constantValue(loop.getStep());
    if (!k)
      return;
    if (auto d = bareThreadDim(ctx, loop.getLowerBound()); d && mismatch(k, *d)) {
      ctx.add(op, "tile-size", 3.0,
              llvm::formatv("loop from threadIdx.{0} steps by {1}, the block has {2} threads "
                            "along {0}",
                            dimName(*d), int64_t(*k), ctx.in.block[*d])
                  .str());
      // The step the block's threads cover.
      ctx.setHint(op, "tile-size",
                  llvm::formatv("kind=iconst operand=2 with={0}", ctx.in.block[*d]).str(),
                  /*keepFirst=*/true);
      return;
    }
    for (Operation *u : loop.getInductionVar().getUsers()) {
      if (!isa<arith::AddIOp>(u))
        continue;
      for (Value o : u->getOperands())
        if (auto d = bareThreadDim(ctx, o); d && mismatch(k, *d)) {
          ctx.add(op, "tile-size", 3.0,
                  llvm::formatv("tile loop steps by {0} over threadIdx.{1}, the block has {2} "
                                "threads along {1}",
                                int64_t(*k), dimName(*d), ctx.in.block[*d])
                      .str());
          return;
        }
    }
    return;
  }
  auto add = dyn_cast<arith::AddIOp>(op);
  if (!add)
    return;
  for (unsigned side = 0; side < 2; ++side) {
    auto d = bareThreadDim(ctx, add->getOperand(1 - side));
    auto mul = resolved(add->getOperand(side)).getDefiningOp<arith::MulIOp>();
    if (!d || !mul)
      continue;
    for (unsigned m = 0; m < 2; ++m) {
      auto bid = stripCasts(mul->getOperand(m)).getDefiningOp<gpu::BlockIdOp>();
      auto k = constantValue(mul->getOperand(1 - m));
      if (bid && unsigned(bid.getDimension()) == *d && mismatch(k, *d)) {
        ctx.add(op, "tile-size", 2.5,
                llvm::formatv("block offset blockIdx.{0} * {1} + threadIdx.{0}, the block has "
                              "{2} threads along {0}",
                              dimName(*d), int64_t(*k), ctx.in.block[*d])
                    .str());
        return;
      }
    }
  }
}

/// A loop that steps by a constant above one over an index it reads one
/// element at a time (`for (k = 0; k < K; k += 32) s += a[k] * b[k];`): a tile
/// width or an unroll factor where the unit was meant. Not a loop strided over
/// the threads (its start uses a thread or block index), not one that tiles
/// (an inner loop, vector accesses) or unrolls (`k + 1` .. `k + step - 1`).
static void loopStep(SuspectContext &ctx, Operation *op) {
  auto loop = dyn_cast<scf::ForOp>(op);
  if (!loop)
    return;
  auto k = constantValue(loop.getStep());
  if (!k || *k <= 1)
    return;
  Dims lb;
  collectDims(loop.getLowerBound(), ctx.mem, lb);
  if (lb.blockId || lb.threadId || lb.blockDim || lb.gridDim)
    return;
  bool tiled = false;
  loop.getBody()->walk([&](Operation *o) {
    if (isa<scf::ForOp, scf::WhileOp, vector::LoadOp, vector::StoreOp, vector::TransferReadOp,
            vector::TransferWriteOp>(o))
      tiled = true;
    if (isa<arith::AddIOp, arith::OrIOp>(o))
      for (Value v : o->getOperands())
        if (auto c = constantValue(v); c && *c >= 1 && *c < *k)
          tiled = true;
  });
  if (tiled)
    return;
  ctx.add(op, "loop-step", 1.2,
          llvm::formatv("loop steps by {0} but reads one element per iteration: the unit "
                        "step meant?",
                        int64_t(*k))
              .str());
}

void suspects::indexModels(SuspectContext &ctx, Operation *op) {
  threadDim(ctx, op);
  gridStride(ctx, op);
  tileSize(ctx, op);
  loopStep(ctx, op);
}
