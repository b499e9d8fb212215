//===- RepairThreadDim.cpp - threadIdx.x where threadIdx.y was meant ------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include <array>

namespace kfix {
#define GEN_PASS_DEF_REPAIRTHREADDIM
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-thread-dim";

/// True when `v` (through casts) is a blockIdx/blockDim of dimension `dim`,
/// or a product with one.
bool isBlockTerm(Value v, gpu::Dimension dim, unsigned depth = 0) {
  v = stripCasts(v);
  if (auto b = v.getDefiningOp<gpu::BlockIdOp>())
    return b.getDimension() == dim;
  if (auto b = v.getDefiningOp<gpu::BlockDimOp>())
    return b.getDimension() == dim;
  if (depth < 2)
    if (auto mul = v.getDefiningOp<arith::MulIOp>())
      return isBlockTerm(mul.getLhs(), dim, depth + 1) || isBlockTerm(mul.getRhs(), dim, depth + 1);
  return false;
}

/// True when `v` (looking through integer casts of it) is an operand of an
/// add or multiply whose other operand is a block term of dimension `dim`.
bool combinedWithDim(Value v, gpu::Dimension dim, unsigned depth = 0) {
  for (Operation *user : v.getUsers()) {
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::TruncIOp>(user)) {
      if (depth < 3 && combinedWithDim(user->getResult(0), dim, depth + 1))
        return true;
      continue;
    }
    if (!isa<arith::AddIOp, arith::MulIOp>(user))
      continue;
    Value other = user->getOperand(0) == v ? user->getOperand(1) : user->getOperand(0);
    if (isBlockTerm(other, dim))
      return true;
  }
  return false;
}

/// The users of `v` through integer casts.
SmallVector<Operation *> usersThroughCasts(Value v, unsigned depth = 0) {
  SmallVector<Operation *> out;
  for (Operation *u : v.getUsers()) {
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::TruncIOp>(u) &&
        depth < 3)
      out.append(usersThroughCasts(u->getResult(0), depth + 1));
    else
      out.push_back(u);
  }
  return out;
}

/// True when the block size `v` scales a block index whose product is added
/// to a thread index of dimension `dim`: `blockIdx.x * blockDim.x +
/// threadIdx.y`, the rows-per-block index whose block size names the wrong
/// axis (blockDim.y: the rows a block holds).
bool scalesThreadOfDim(Value v, gpu::Dimension dim) {
  for (Operation *mul : usersThroughCasts(v)) {
    if (!isa<arith::MulIOp>(mul))
      continue;
    for (Operation *add : usersThroughCasts(mul->getResult(0))) {
      if (!isa<arith::AddIOp>(add))
        continue;
      for (Value o : add->getOperands())
        if (auto t = stripCasts(o).getDefiningOp<gpu::ThreadIdOp>(); t && t.getDimension() == dim)
          return true;
    }
  }
  return false;
}

template <typename OpT>
unsigned retarget(Operation *root, StringRef loc, gpu::Dimension from, gpu::Dimension to,
                  bool mixed) {
  SmallVector<OpT> ops;
  root->walk([&](OpT op) {
    bool picked = combinedWithDim(op.getResult(), to);
    if constexpr (std::is_same_v<OpT, gpu::BlockDimOp>)
      picked = picked || scalesThreadOfDim(op.getResult(), to);
    if (op.getDimension() == from && locMatches(op.getLoc(), loc) && (!mixed || picked))
      ops.push_back(op);
  });
  for (OpT op : ops) {
    OpBuilder b(op);
    auto repl = OpT::create(b, op.getLoc(), to);
    markRepaired(repl, kPassArg);
    op.replaceAllUsesWith(repl.getResult());
    op.erase();
  }
  return ops.size();
}

//===----------------------------------------------------------------------===//
// fix=unify and fix=exchange
//===----------------------------------------------------------------------===//

unsigned dimIndex(gpu::Dimension d) { return static_cast<unsigned>(d); }

/// The gpu id/size op behind `v` (through casts), if any.
Operation *idOp(Value v) {
  Operation *def = stripCasts(v).getDefiningOp();
  if (isa_and_nonnull<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(def))
    return def;
  return nullptr;
}

gpu::Dimension dimOf(Operation *op) { return launchCoordDim(op); }

/// Makes `use` (an operand leading through casts to a gpu id op) read
/// dimension `d` instead: a fresh id op and copies of the casts, so that other
/// users of the old ones keep them.
void retargetUse(OpOperand &use, gpu::Dimension d) {
  SmallVector<Operation *> casts;
  Value v = use.get();
  while (Operation *def = v.getDefiningOp()) {
    if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(def))
      break;
    casts.push_back(def);
    v = def->getOperand(0);
  }
  Operation *old = v.getDefiningOp();
  OpBuilder b(use.getOwner());
  Operation *fresh = createLaunchCoord(b, old, d, kPassArg);
  Value cur = fresh->getResult(0);
  for (Operation *c : llvm::reverse(casts)) {
    Operation *copy = b.clone(*c);
    copy->setOperand(0, cur);
    cur = copy->getResult(0);
  }
  Value prev = use.get();
  use.set(cur);
  markRepaired(use.getOwner(), kPassArg);
  // Erase the old chain where nothing else uses it.
  for (Value x = prev; x;) {
    Operation *def = x.getDefiningOp();
    if (!def || !def->use_empty())
      break;
    x = def->getNumOperands() ? def->getOperand(0) : Value();
    def->erase();
  }
}

/// `blockIdx.a * (blockDim.b | K) + threadIdx.c` at an add.
struct GlobalIndex {
  arith::AddIOp add;
  OpOperand *blockId, *blockDim, *threadId; ///< blockDim null with a constant K
  int64_t k = 0;
};

std::optional<GlobalIndex> matchGlobalIndex(arith::AddIOp add) {
  for (unsigned side = 0; side < 2; ++side) {
    Operation *tid = idOp(add->getOperand(side));
    auto mul = stripCasts(add->getOperand(1 - side)).getDefiningOp<arith::MulIOp>();
    if (!isa_and_nonnull<gpu::ThreadIdOp>(tid) || !mul)
      continue;
    for (unsigned m = 0; m < 2; ++m) {
      Operation *bid = idOp(mul->getOperand(m));
      if (!isa_and_nonnull<gpu::BlockIdOp>(bid))
        continue;
      GlobalIndex g{add, &mul->getOpOperand(m), nullptr, &add->getOpOperand(side)};
      Operation *other = idOp(mul->getOperand(1 - m));
      if (isa_and_nonnull<gpu::BlockDimOp>(other)) {
        g.blockDim = &mul->getOpOperand(1 - m);
        return g;
      }
      if (auto k = getConstInt(mul->getOperand(1 - m))) {
        g.k = *k;
        return g;
      }
    }
  }
  return std::nullopt;
}

gpu::Dimension dimAt(OpOperand *o) { return dimOf(idOp(o->get())); }

} // namespace

namespace {
struct RepairThreadDimPass : public kfix::impl::RepairThreadDimBase<RepairThreadDimPass> {
  using RepairThreadDimBase::RepairThreadDimBase;

  /// The launch's block size per dimension, 0 where unknown.
  std::array<int64_t, 3> blockSize{0, 0, 0};

  bool parseBlock() {
    StringRef spec = StringRef(block).trim();
    if (spec.empty())
      return true;
    SmallVector<StringRef> parts;
    spec.split(parts, 'x');
    if (parts.size() > 3)
      return false;
    blockSize = {1, 1, 1};
    for (auto [i, p] : llvm::enumerate(parts))
      if (p.trim().getAsInteger(10, blockSize[i]) || blockSize[i] < 1)
        return false;
    return true;
  }

  void unify(gpu::GPUFuncOp func) {
    SmallVector<GlobalIndex> indices;
    func.walk([&](arith::AddIOp add) {
      if (auto g = matchGlobalIndex(add))
        indices.push_back(*g);
    });
    // Dimensions that consistent indices already use.
    std::array<bool, 3> used{false, false, false};
    auto consistent = [&](const GlobalIndex &g) {
      gpu::Dimension c = dimAt(g.threadId);
      if (g.blockDim)
        return dimAt(g.blockId) == c && dimAt(g.blockDim) == c;
      return dimAt(g.blockId) == c && (!blockSize[dimIndex(c)] || blockSize[dimIndex(c)] == g.k);
    };
    for (const GlobalIndex &g : indices)
      if (consistent(g))
        used[dimIndex(dimAt(g.threadId))] = true;
    bool anyLoc = StringRef(loc).trim().empty();
    for (GlobalIndex &g : indices) {
      if (consistent(g) || (!anyLoc && !locMatches(g.add.getLoc(), loc)))
        continue;
      if (!g.blockDim) {
        // blockIdx.a * K + threadIdx.c: K is the block size of another dimension.
        gpu::Dimension c = dimAt(g.threadId);
        if (dimAt(g.blockId) != c || !blockSize[dimIndex(c)])
          continue;
        std::optional<unsigned> match;
        for (unsigned d = 0; d < 3; ++d)
          if (d != dimIndex(c) && blockSize[d] == g.k)
            match = match ? std::optional<unsigned>() : std::optional<unsigned>(d);
        if (!match || used[*match])
          continue;
        retargetUse(*g.threadId, static_cast<gpu::Dimension>(*match));
        ++numRewrites;
        continue;
      }
      std::array<unsigned, 3> dims{dimIndex(dimAt(g.blockId)), dimIndex(dimAt(g.blockDim)),
                                   dimIndex(dimAt(g.threadId))};
      int best = -1, bestScore = 0;
      for (unsigned d = 0; d < 3; ++d) {
        int score = llvm::count(dims, d) * 2 + (used[d] ? 0 : 3);
        if (blockSize[d] == 1)
          score -= 20; // a dimension of one thread cannot be a thread index
        if (!llvm::is_contained(dims, d) && blockSize[d] == 0)
          score -= 1;
        if (best < 0 || score > bestScore || (score == bestScore && d == dims[0]))
          best = d, bestScore = score;
      }
      auto to = static_cast<gpu::Dimension>(best);
      for (OpOperand *o : {g.blockId, g.blockDim, g.threadId})
        if (dimAt(o) != to)
          retargetUse(*o, to);
      ++numRewrites;
    }
    // Loops: a grid-stride step blockDim.a * gridDim.b, or a block-stride
    // loop from threadIdx.a stepping by blockDim.b. The dimensions that
    // consistent block-stride loops use (`for (c = threadIdx.x; ...; c +=
    // blockDim.x)`) are taken: a mixed loop beside one over x keeps its start
    // (threadIdx.y, its rows) and gets the step of its own dimension.
    std::array<bool, 3> loopDims{false, false, false};
    func.walk([&](scf::ForOp loop) {
      Operation *start = idOp(loop.getLowerBound()), *stepId = idOp(stripCasts(loop.getStep()));
      if (isa_and_nonnull<gpu::ThreadIdOp>(start) && isa_and_nonnull<gpu::BlockDimOp>(stepId) &&
          dimOf(start) == dimOf(stepId))
        loopDims[dimIndex(dimOf(start))] = true;
    });
    func.walk([&](scf::ForOp loop) {
      if (!anyLoc && !locMatches(loop.getLoc(), loc))
        return;
      Value step = stripCasts(loop.getStep());
      Operation *start = idOp(loop.getLowerBound());
      Operation *stepId = idOp(step);
      if (isa_and_nonnull<gpu::ThreadIdOp>(start) && isa_and_nonnull<gpu::BlockDimOp>(stepId) &&
          dimOf(start) != dimOf(stepId)) {
        bool keepStart = loopDims[dimIndex(dimOf(stepId))] && !loopDims[dimIndex(dimOf(start))];
        if (keepStart)
          retargetUse(loop->getOpOperand(2), dimOf(start));
        else
          retargetUse(loop->getOpOperand(0), dimOf(stepId));
        ++numRewrites;
        return;
      }
      auto mul = step.getDefiningOp<arith::MulIOp>();
      if (!mul)
        return;
      Operation *x = idOp(mul.getLhs()), *y = idOp(mul.getRhs());
      if (!x || !y || dimOf(x) == dimOf(y) ||
          !(isa<gpu::BlockDimOp>(x) ^ isa<gpu::BlockDimOp>(y)) ||
          !(isa<gpu::GridDimOp>(x) ^ isa<gpu::GridDimOp>(y)))
        return;
      auto lb = stripCasts(loop.getLowerBound()).getDefiningOp<arith::AddIOp>();
      std::optional<GlobalIndex> g = lb ? matchGlobalIndex(lb) : std::nullopt;
      if (!g || !g->blockDim || !consistent(*g))
        return;
      gpu::Dimension to = dimAt(g->threadId);
      for (unsigned i = 0; i < 2; ++i)
        if (dimOf(idOp(mul->getOperand(i))) != to)
          retargetUse(mul->getOpOperand(i), to);
      ++numRewrites;
    });
  }

  void exchange(gpu::GPUFuncOp func, gpu::Dimension a, gpu::Dimension b) {
    std::array<bool, 3> has{false, false, false};
    func.walk([&](arith::AddIOp add) {
      if (auto g = matchGlobalIndex(add); g && g->blockDim) {
        gpu::Dimension c = dimAt(g->threadId);
        if (dimAt(g->blockId) == c && dimAt(g->blockDim) == c)
          has[dimIndex(c)] = true;
      }
    });
    if (!has[dimIndex(a)] || !has[dimIndex(b)])
      return;
    SmallVector<OpOperand *> uses;
    func.walk([&](Operation *op) {
      if (!isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(op))
        return;
      gpu::Dimension d = dimOf(op);
      if (d != a && d != b)
        return;
      for (OpOperand &u : op->getUses())
        uses.push_back(&u);
    });
    for (OpOperand *u : uses) {
      gpu::Dimension d = dimOf(idOp(u->get()));
      retargetUse(*u, d == a ? b : a);
    }
    numRewrites += uses.size();
  }

  void runOnOperation() override {
    if (fix == "unify" || fix == "exchange") {
      if (!parseBlock()) {
        getOperation().emitError() << kPassArg << ": block must be XxYxZ, not '" << block << "'";
        return signalPassFailure();
      }
      auto f = parseLaunchDim(from), t = parseLaunchDim(to);
      if (!f || !t) {
        getOperation().emitError() << kPassArg << ": from and to must be x, y or z";
        return signalPassFailure();
      }
      for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
        if (!func.isKernel())
          continue;
        if (fix == "unify")
          unify(func);
        else if (*f != *t)
          exchange(func, *f, *t);
      }
      return;
    }
    if (fix != "retarget") {
      getOperation().emitError() << kPassArg << ": fix must be retarget, unify or exchange";
      return signalPassFailure();
    }
    auto f = parseLaunchDim(from), t = parseLaunchDim(to);
    if (!f || !t) {
      getOperation().emitError() << kPassArg << ": from and to must be x, y or z";
      return signalPassFailure();
    }
    if (*f == *t)
      return;
    Operation *root = getOperation();
    if (op == "thread_id")
      numRewrites += retarget<gpu::ThreadIdOp>(root, loc, *f, *t, mixed);
    else if (op == "block_id")
      numRewrites += retarget<gpu::BlockIdOp>(root, loc, *f, *t, mixed);
    else if (op == "block_dim")
      numRewrites += retarget<gpu::BlockDimOp>(root, loc, *f, *t, mixed);
    else if (op == "grid_dim")
      numRewrites += retarget<gpu::GridDimOp>(root, loc, *f, *t, mixed);
    else {
      root->emitError() << kPassArg
                        << ": op must be thread_id, block_id, block_dim or grid_dim, not '" << op
                        << "'";
      signalPassFailure();
    }
  }
};

} // namespace
