//===- SuspectSwaps.cpp - two names exchanged in one of sibling formulas --===//
//
// The swapped-names model (SuspectModels.cpp lists every model). Kernels
// compute the same formula per dimension: a window's start and end along H
// and along W (`hs = begin(oh, OH, H)`, `he = end(oh, OH, H)`, `ws = ...`,
// `we = end(ow, W, OW)` with the two sizes of the last call exchanged). The
// formulas of one shape form a group; two groups over the same dimensions give
// a renaming (H -> W, OH -> OW, oh -> ow: names one letter apart) that one
// group follows, and that the other follows but for two names exchanged in
// one member. That member's store is the suspect, with the `exchange` edit of
// the two names as its hint (and the other member, with its own exchange: the
// renaming does not tell which of the two is wrong). Validation decides.
//
// The sibling-coordinates model: a read whose index combines two coordinates
// computed alike (`i = oh - h * r`, `j = ow - w * r`), the pair a transposed
// layout exchanges (`c * rr + j * r + i` for `c * rr + i * r + j`). The read is
// the suspect, with the `exchange` of the two as its hint.
//
// The chunk-order model: reads of chunks `k * S + j` of one stride S with three
// or more chunk numbers (an LSTM's four gates, a QKV projection's three
// parts), one of the orders a port gets wrong (`i, f, o, g` for torch's `i,
// f, g, o`). The hint is the `exchange` of two chunk numbers at every such
// read, neighbours first.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

struct Formula {
  memref::StoreOp store;
  std::string local;
  std::string shape;
  std::vector<std::string> names; // the leaves in order (arg:N, var:N, constants)
};

using Renaming = std::map<std::string, std::string>;

/// Two names of one dimension's family: `H`/`W`, `OH`/`OW`, `in_h`/`in_w`,
/// `kh`/`kw` (one letter apart).
bool dimensionPair(llvm::StringRef x, llvm::StringRef y) {
  x = x.split(':').second, y = y.split(':').second;
  if (x.size() != y.size() || x.empty())
    return false;
  unsigned diff = 0;
  for (auto [a, b] : llvm::zip(x, y))
    diff += a != b;
  return diff == 1;
}

/// The renaming that takes a's leaves to b's, when there is one (names to
/// names one to one, each changed name to one of its dimension's family,
/// constants unchanged, at least one name changed).
std::optional<Renaming> renamingOf(const Formula &a, const Formula &b) {
  Renaming m, inv;
  bool changed = false;
  for (auto [x, y] : llvm::zip(a.names, b.names)) {
    bool xn = llvm::StringRef(x).contains(':'), yn = llvm::StringRef(y).contains(':');
    if (xn != yn || (!xn && x != y))
      return std::nullopt;
    if (!xn)
      continue;
    auto [it, fresh] = m.try_emplace(x, y);
    auto [jt, fresh2] = inv.try_emplace(y, x);
    if (it->second != y || jt->second != x)
      return std::nullopt;
    if (x != y && !dimensionPair(x, y))
      return std::nullopt;
    changed |= x != y;
  }
  if (!changed)
    return std::nullopt;
  return m;
}

/// d is c renamed by m but for two names p and q exchanged: {p, q}.
std::optional<std::pair<std::string, std::string>>
exchangedAfter(const Renaming &m, const Formula &c, const Formula &d) {
  std::string p, q;
  bool differs = false;
  for (auto [x, y] : llvm::zip(c.names, d.names)) {
    auto it = m.find(x);
    std::string r = it == m.end() ? x : it->second;
    if (r == y)
      continue;
    differs = true;
    if (p.empty()) {
      p = r, q = y;
      continue;
    }
    if (!((r == p && y == q) || (r == q && y == p)))
      return std::nullopt;
  }
  // Both directions seen (`p` where `q` belongs and back): an exchange.
  if (!differs || p == q || !llvm::StringRef(p).contains(':') || !llvm::StringRef(q).contains(':'))
    return std::nullopt;
  bool pq = false, qp = false;
  for (auto [x, y] : llvm::zip(c.names, d.names)) {
    auto it = m.find(x);
    std::string r = it == m.end() ? x : it->second;
    pq |= r == p && y == q;
    qp |= r == q && y == p;
  }
  if (!pq || !qp)
    return std::nullopt;
  return std::pair{p, q};
}

/// The value a named local (read by `v`, or `v` itself) is stored once with,
/// or null.
Value onceStored(SuspectContext &ctx, Value v) {
  memref::AllocaOp a = v.getDefiningOp<memref::AllocaOp>();
  if (!a)
    a = localOf(v);
  if (!a || localName(a).empty())
    return {};
  return ctx.mem.singleStoredValue(a.getResult());
}

/// `v` differs from thread to thread: it reads a thread or block index
/// (through arithmetic and locals stored once).
bool perThread(SuspectContext &ctx, Value v, unsigned depth = 0) {
  Operation *d = v ? v.getDefiningOp() : nullptr;
  if (!d || depth > 16)
    return false;
  if (isa<gpu::ThreadIdOp, gpu::BlockIdOp>(d))
    return true;
  if (auto l = dyn_cast<memref::LoadOp>(d))
    return l.getIndices().empty() &&
           perThread(ctx, ctx.mem.singleStoredValue(l.getMemref()), depth + 1);
  if (!isa<arith::ArithDialect>(d->getDialect()))
    return false;
  return llvm::any_of(d->getOperands(), [&](Value o) { return perThread(ctx, o, depth + 1); });
}

void siblingCoordinates(SuspectContext &ctx) {
  // A read's index, or an integer local's formula (`src = (c * r + sx) * r
  // + sy`, an index computed apart).
  ctx.func.walk([&](Operation *op) {
    Value formula;
    if (auto ld = dyn_cast<memref::LoadOp>(op)) {
      if (ld.getIndices().size() == 1 &&
          !isa_and_nonnull<memref::AllocaOp>(ld.getMemref().getDefiningOp()))
        formula = ld.getIndices()[0];
    } else if (auto st = dyn_cast<memref::StoreOp>(op)) {
      if (!localName(st.getMemref().getDefiningOp<memref::AllocaOp>()).empty() &&
          st.getValueToStore().getType().isSignlessInteger() && onceStored(ctx, st.getMemref()))
        formula = st.getValueToStore();
    }
    if (!formula || (ctx.haveEvidence && !ctx.bad.contains(op)))
      return;
    IndexForm f{op, "", {}};
    indexLeaves(ctx, formula, op, 0, f, 0);
    // The coordinates the index reads (each local once), by their shape.
    struct Coord {
      std::string name, shape, sizes; // sizes: the parameters and constants it reads
    };
    std::vector<Coord> coords;
    for (const Leaf &l : f.leaves) {
      if (!llvm::StringRef(l.name).starts_with("var:") ||
          llvm::any_of(coords, [&](const Coord &c) { return c.name == l.name; }))
        continue;
      Value def = onceStored(ctx, l.user->getOperand(l.operand));
      if (!def)
        continue;
      std::string shape = expressionShape(def);
      if (shape.find("arith.") == std::string::npos || !perThread(ctx, def))
        continue; // a copy, or a size: not a coordinate of the thread
      IndexForm g{op, "", {}};
      indexLeaves(ctx, def, op, 0, g, 0);
      std::string sizes;
      for (const Leaf &x : g.leaves)
        if (!llvm::StringRef(x.name).starts_with("var:"))
          sizes += x.name + ",";
      coords.push_back({l.name, shape, sizes});
    }
    // The pairs of one shape, those of the same sizes first (`ox % r`,
    // `oy % r`; not `plane % C`), then those next to each other in the index
    // (`j * r + i`), each an alternative edit.
    std::vector<std::pair<size_t, size_t>> pairs;
    for (bool sameSizes : {true, false})
      for (size_t gap = 1; gap < coords.size(); ++gap)
        for (size_t a = 0; a + gap < coords.size(); ++a) {
          const Coord &x = coords[a], &y = coords[a + gap];
          if (x.shape == y.shape && (x.sizes == y.sizes) == sameSizes)
            pairs.push_back({a, a + gap});
        }
    if (pairs.empty())
      return;
    std::string hint;
    for (auto [a, b] : llvm::ArrayRef(pairs).take_front(4))
      hint +=
          (hint.empty() ? "" : " | ") +
          llvm::formatv("kind=exchange operand={0} with={1}", coords[a].name, coords[b].name).str();
    auto name = [&](size_t k) { return llvm::StringRef(coords[k].name).drop_front(4); };
    ctx.add(op, "sibling-coordinates", 0.3,
            llvm::formatv("reads with '{0}' and '{1}', two coordinates computed alike: in "
                          "each other's place (a transposed layout)?",
                          name(pairs[0].first), name(pairs[0].second))
                .str());
    ctx.setHint(op, "sibling-coordinates", hint, /*keepFirst=*/true);
  });
}

void chunkOrder(SuspectContext &ctx) {
  // Per stride: the chunk numbers read, and a read of the bad slice per chunk.
  std::map<const void *, std::map<int64_t, Operation *>> chunks;
  ctx.func.walk([&](memref::LoadOp ld) {
    if (ld.getIndices().size() != 1)
      return;
    SmallVector<std::pair<OpOperand *, Value>> ts;
    chunkTerms(ld.getIndices()[0], ts);
    for (auto [use, s] : ts) {
      auto k = getConstantIntValue(use->get());
      if (!k)
        continue;
      Operation *&at = chunks[scalarKey(s)][*k];
      if (!at || (ctx.haveEvidence && ctx.bad.contains(ld) && !ctx.bad.contains(at)))
        at = ld;
    }
  });
  for (auto &[stride, ks] : chunks) {
    if (ks.size() < 3 || ks.size() > 8 || ks.begin()->first < 0)
      continue;
    std::vector<int64_t> nums;
    for (auto &[k, at] : ks)
      nums.push_back(k);
    // Consecutive chunk numbers (0..3): the parts of one projection.
    if (nums.back() - nums.front() + 1 != (int64_t)nums.size())
      continue;
    std::string hint;
    unsigned alts = 0;
    for (size_t gap = 1; gap < nums.size(); ++gap)
      for (size_t a = nums.size() - 1; a >= gap && alts < 6; --a, ++alts)
        hint +=
            (hint.empty() ? "" : " | ") +
            llvm::formatv("kind=exchange operand=const:{0} with=const:{1}", nums[a - gap], nums[a])
                .str();
    Operation *at = ks.rbegin()->second;
    if (ctx.haveEvidence && !ctx.bad.contains(at))
      continue;
    ctx.add(at, "chunk-order", 1.5,
            llvm::formatv("reads {0} chunks of one stride ({1} to {2}): two of them in each "
                          "other's place (the order of the parts)?",
                          nums.size(), nums.front(), nums.back())
                .str());
    ctx.setHint(at, "chunk-order", hint, /*keepFirst=*/true);
  }
}

} // namespace

void suspects::swapModels(SuspectContext &ctx) {
  siblingCoordinates(ctx);
  chunkOrder(ctx);
  std::map<std::string, std::vector<Formula>> byShape;
  ctx.func.walk([&](memref::StoreOp st) {
    auto a = st.getMemref().getDefiningOp<memref::AllocaOp>();
    StringRef n = localName(a);
    if (n.empty() || !st.getIndices().empty() ||
        !st.getValueToStore().getType().isSignlessInteger())
      return;
    IndexForm f{st, "", {}};
    indexLeaves(ctx, st.getValueToStore(), st, 0, f, 0);
    Formula fm{st, n.str(), f.shape, {}};
    unsigned named = 0;
    for (const Leaf &l : f.leaves) {
      if (l.name == "?")
        return;
      named += llvm::StringRef(l.name).contains(':');
      fm.names.push_back(l.name);
    }
    if (named >= 2 && f.leaves.size() >= 3)
      byShape[f.shape].push_back(std::move(fm));
  });
  std::set<std::pair<Operation *, std::string>> done;
  for (auto &[s1, g1] : byShape)
    for (const Formula &a : g1)
      for (const Formula &b : g1) {
        if (&a == &b)
          continue;
        std::optional<Renaming> m = renamingOf(a, b);
        if (!m)
          continue;
        for (auto &[s2, g2] : byShape) {
          if (s2 == s1)
            continue;
          for (const Formula &c : g2)
            for (const Formula &d : g2) {
              if (&c == &d || (ctx.haveEvidence && !ctx.bad.contains(d.store)))
                continue;
              auto x = exchangedAfter(*m, c, d);
              if (!x || !done.insert({d.store, x->first + x->second}).second)
                continue;
              ctx.add(d.store, "swapped-names", 3.0,
                      llvm::formatv("'{0}' and '{1}' are computed alike to '{2}' and '{3}', "
                                    "but for {4} and {5} in each other's place",
                                    c.local, d.local, a.local, b.local,
                                    llvm::StringRef(x->first).split(':').second,
                                    llvm::StringRef(x->second).split(':').second)
                          .str());
              ctx.setHint(
                  d.store, "swapped-names",
                  llvm::formatv("kind=exchange operand={0} with={1}", x->first, x->second).str(),
                  /*keepFirst=*/true);
            }
        }
      }
}
