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
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"

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

} // namespace

void suspects::swapModels(SuspectContext &ctx) {
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
