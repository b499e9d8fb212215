//===- SuspectRebase.cpp - a read that missed the row pointer's offset ---===//
//
// The unrebased-read model (SuspectModels.cpp lists every model). A kernel
// that takes a row pointer (`const float *xr = logits + row * C;`) reads
// the row through it everywhere but once, where it names the base pointer
// with the row's index (`logits[t]` for `xr[t]`): that read lacks the
// offset every other read of the buffer adds. The read's index is the
// suspect; its hint adds the offset back (the `wrap` edit with the offset's
// defining op, `with=arith.addi:def:LINE:COL:OP`).
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>
#include <set>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

/// The terms an index adds (through casts and `+`, a few levels).
std::set<const void *> addends(Value idx, std::map<const void *, Value> &byKey) {
  std::set<const void *> out;
  SmallVector<std::pair<Value, unsigned>> work{{idx, 0}};
  while (!work.empty()) {
    auto [v, depth] = work.pop_back_val();
    v = stripCasts(v);
    if (auto add = v.getDefiningOp<arith::AddIOp>(); add && depth < 4) {
      work.push_back({add.getLhs(), depth + 1});
      work.push_back({add.getRhs(), depth + 1});
      continue;
    }
    out.insert(v.getAsOpaquePointer());
    byKey[v.getAsOpaquePointer()] = v;
  }
  return out;
}

std::string lineColOf(Location l) {
  auto flc = findFileLineCol(l);
  return flc ? llvm::formatv("{0}:{1}", flc->getLine(), flc->getColumn()).str() : "";
}

} // namespace

void suspects::rebaseModels(SuspectContext &ctx) {
  // The reads of each kernel buffer, with the terms of their indices.
  struct Read {
    memref::LoadOp load;
    std::set<const void *> terms;
  };
  std::map<const void *, std::vector<Read>> byBuffer;
  std::map<const void *, Value> byKey;
  ctx.func.walk([&](memref::LoadOp ld) {
    if (ld.getIndices().size() != 1)
      return;
    Value root = memRoot(ld.getMemref());
    if (!root || !isa<BlockArgument>(root))
      return;
    byBuffer[root.getAsOpaquePointer()].push_back({ld, addends(ld.getIndices()[0], byKey)});
  });
  DominanceInfo dom(ctx.func);
  for (auto &[buf, reads] : byBuffer) {
    if (reads.size() < 3)
      continue;
    for (Read &r : reads) {
      if (!ctx.bad.contains(r.load))
        continue;
      // A term every other read adds: a computed offset (`row * C`).
      std::set<const void *> common;
      bool first = true;
      for (Read &o : reads) {
        if (&o == &r)
          continue;
        if (first) {
          common = o.terms;
          first = false;
        } else {
          std::set<const void *> keep;
          for (const void *t : common)
            if (o.terms.count(t))
              keep.insert(t);
          common = std::move(keep);
        }
      }
      for (const void *t : common) {
        if (r.terms.count(t))
          continue;
        Value off = byKey[t];
        Operation *d = off.getDefiningOp();
        if (!d || !isa<arith::MulIOp, arith::AddIOp, arith::SubIOp>(d) ||
            !dom.properlyDominates(d, r.load))
          continue;
        std::string lc = lineColOf(d->getLoc());
        Value idx = r.load.getIndices()[0];
        Operation *site = idx.getDefiningOp();
        if (lc.empty() || !site || site->getNumResults() != 1 || isa<arith::ConstantOp>(site))
          continue;
        ctx.add(site, "unrebased-read", 2.6,
                "every other read of this buffer adds the offset computed at " + lc +
                    " (a row pointer's base read with the row's index?)");
        ctx.setHint(site, "unrebased-read",
                    llvm::formatv("kind=wrap operand=0 with=arith.addi:def:{0}:{1}", lc,
                                  d->getName().getStringRef())
                        .str());
        break;
      }
    }
  }
}
