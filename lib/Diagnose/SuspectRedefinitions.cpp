//===- SuspectRedefinitions.cpp - one local computed two ways -------------===//
//
// The sibling-definition model (SuspectModels.cpp lists every model). A
// kernel often computes one value in two places under one name: a helper the
// vector body calls and the scalar tail written inline, the two branches of
// a launch. Where one definition is the other with one operation less (`r =
// e / C` beside `r = (e / C) % R`), the shorter one most often lost it. The
// suspect is the shorter definition, when it reaches wrong outputs, with the
// `wrap` edit that applies the missing operation to it (EditWraps.cpp).
// Operands compare by their C names (a parameter, a local, a helper's
// by-value parameter), so a helper's `e` and the tail's `e` are one value.
// The twin-definition model: two locals computed alike from a block
// coordinate, a copied line that kept its axis.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

/// The C name of `v` (through casts): a kernel parameter, a read of a named
/// local, the value of a helper's by-value parameter; "" for others.
std::string cName(SuspectContext &ctx, Value v) {
  v = stripCasts(v);
  if (auto ba = dyn_cast<BlockArgument>(v))
    return ba.getOwner() == &ctx.func.getBody().front() ? "arg:" + ctx.paramName(ba.getArgNumber())
                                                        : "";
  if (auto ld = v.getDefiningOp<memref::LoadOp>())
    if (StringRef n = localName(ld.getMemref().getDefiningOp<memref::AllocaOp>()); !n.empty())
      return "var:" + n.str();
  for (Operation *u : v.getUsers())
    if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getValueToStore() == v)
      if (StringRef n = paramCopyName(st.getMemref().getDefiningOp<memref::AllocaOp>()); !n.empty())
        return "var:" + n.str();
  return "";
}

/// Whether `a` and `b` compute the same C expression: equal constants, the
/// same names, or the same pure operations over such operands.
bool sameByName(SuspectContext &ctx, Value a, Value b, unsigned depth = 0) {
  a = stripCasts(a);
  b = stripCasts(b);
  if (a == b)
    return true;
  auto ca = constantValue(a), cb = constantValue(b);
  if (ca || cb)
    return ca && cb && *ca == *cb;
  std::string na = cName(ctx, a), nb = cName(ctx, b);
  if (!na.empty() || !nb.empty())
    return na == nb;
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  if (!x || !y || depth > 6 || x->getNumResults() != 1 || !isMemoryEffectFree(x) ||
      x->getNumRegions() || y->getNumRegions())
    return false;
  return OperationEquivalence::isEquivalentTo(
      x, y, [&](Value p, Value q) { return success(sameByName(ctx, p, q, depth + 1)); },
      /*markEquivalent=*/nullptr,
      // (The marks of the lifter and the repairs, kfix.*, are no part of the value.)
      OperationEquivalence::Flags(OperationEquivalence::IgnoreLocations |
                                  OperationEquivalence::IgnoreDiscardableAttrs));
}

/// How an edit names `y` at another place: a parameter, a local, an integer.
std::string portable(SuspectContext &ctx, Value y) {
  if (auto c = constantValue(y); c && *c == double(int64_t(*c)))
    return std::to_string(int64_t(*c));
  std::string n = cName(ctx, y);
  return (llvm::StringRef(n).starts_with("arg:") && n.size() > 4) ||
                 llvm::StringRef(n).starts_with("var:")
             ? n
             : "";
}

} // namespace

std::vector<std::pair<std::string, memref::StoreOp>>
suspects::namedIntLocalsStoredOnce(SuspectContext &ctx) {
  std::vector<std::pair<std::string, memref::StoreOp>> defs;
  ctx.func.walk([&](memref::AllocaOp a) {
    StringRef n = localName(a);
    if (n.empty() || !a.getType().getElementType().isSignlessInteger())
      return;
    memref::StoreOp only;
    unsigned stores = 0;
    for (Operation *u : a->getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemref() == a.getResult())
        only = st, ++stores;
    if (stores == 1)
      defs.push_back({n.str(), only});
  });
  // Program order of the stores.
  llvm::DenseMap<Operation *, unsigned> pos;
  ctx.func.walk([&](memref::StoreOp st) { pos[st] = pos.size(); });
  llvm::sort(defs, [&](auto &a, auto &b) { return pos[a.second] < pos[b.second]; });
  return defs;
}

void suspects::siblingDefinitionModels(SuspectContext &ctx) {
  // Named locals stored once (each inlined copy of a helper has its own).
  std::map<std::string, std::vector<memref::StoreOp>> byName;
  for (auto &[n, st] : namedIntLocalsStoredOnce(ctx))
    byName[n].push_back(st);
  for (auto &[name, defs] : byName)
    for (memref::StoreOp s1 : defs) {
      Value v1 = stripCasts(s1.getValueToStore());
      Operation *d1 = v1.getDefiningOp();
      if (!d1 || d1->getNumResults() != 1 || !ctx.bad.contains(s1) ||
          !findFileLineCol(d1->getLoc()))
        continue;
      for (memref::StoreOp s2 : defs) {
        Operation *d2 = stripCasts(s2.getValueToStore()).getDefiningOp();
        if (s2 == s1 || !d2 || d2->getNumOperands() != 2 || d2->getNumResults() != 1 ||
            !isa<arith::RemSIOp, arith::RemUIOp, arith::DivSIOp, arith::DivUIOp, arith::AddIOp,
                 arith::SubIOp, arith::MulIOp, arith::MinSIOp, arith::MaxSIOp, arith::AndIOp>(d2) ||
            d2->getResult(0).getType() != v1.getType() || sameByName(ctx, v1, d2->getResult(0)))
          continue;
        for (unsigned k = 0; k < 2; ++k) {
          std::string y = portable(ctx, d2->getOperand(1 - k));
          if (y.empty() || !sameByName(ctx, v1, d2->getOperand(k)))
            continue;
          ctx.add(d1, "sibling-definition", 2.4,
                  llvm::formatv("'{0}' is computed elsewhere as this value with a further {1} by "
                                "{2}: lost here?",
                                name, d2->getName().stripDialect(),
                                llvm::StringRef(y).drop_front(y.find(':') + 1))
                      .str());
          ctx.setHint(
              d1, "sibling-definition",
              llvm::formatv("kind=wrap operand={0} with={1}:{2}", k, d2->getName(), y).str(),
              /*keepFirst=*/true);
        }
      }
    }
}

//===----------------------------------------------------------------------===//
// twin-definition: two locals computed alike from a launch coordinate
//===----------------------------------------------------------------------===//

/// Two named locals, each stored once, whose values are the same expression
/// of a block coordinate (`load_i = blockIdx.y * TILE + ty;` and `load_j =
/// blockIdx.y * TILE + ty;`): a line copied without changing its axis. The
/// later one is the suspect, at each op that reads a block coordinate, with
/// the `axis` edit to another axis (x for y and z, y for x). Names of one
/// family (`load_i` and `load_j`, `in_r` and `out_r`) are meant to differ:
/// a confident suspect.
void suspects::twinDefinitionModels(SuspectContext &ctx) {
  auto defs = namedIntLocalsStoredOnce(ctx);
  // Names of one family: one character apart (`load_i`, `load_j`), or one
  // word of several apart (`in_r`, `out_r`).
  auto oneApart = [](llvm::StringRef a, llvm::StringRef b) {
    if (a.size() == b.size()) {
      unsigned d = 0;
      for (size_t i = 0; i < a.size(); ++i)
        d += a[i] != b[i];
      if (d == 1)
        return true;
    }
    SmallVector<llvm::StringRef> wa, wb;
    a.split(wa, '_', -1, false);
    b.split(wb, '_', -1, false);
    if (wa.size() < 2 || wa.size() != wb.size())
      return false;
    unsigned d = 0;
    for (size_t i = 0; i < wa.size(); ++i)
      d += wa[i] != wb[i];
    return d == 1;
  };
  for (size_t j = 1; j < defs.size(); ++j) {
    auto &[name, st] = defs[j];
    if (!ctx.bad.contains(st))
      continue;
    Value v = st.getValueToStore();
    Operation *d = stripCasts(v).getDefiningOp();
    if (!d || d->getNumResults() != 1 || isa<memref::LoadOp>(d))
      continue;
    std::string twin;
    bool apart = false;
    for (size_t i = 0; i < j; ++i)
      if (sameByName(ctx, defs[i].second.getValueToStore(), v)) {
        if (twin.empty() || oneApart(defs[i].first, name))
          twin = defs[i].first;
        apart |= oneApart(defs[i].first, name);
      }
    if (twin.empty())
      continue;
    // The ops of the expression (not through locals) that read a block
    // coordinate (through casts).
    SmallVector<Operation *> work{d};
    llvm::SmallPtrSet<Operation *, 16> seen;
    while (!work.empty()) {
      Operation *op = work.pop_back_val();
      if (!seen.insert(op).second || seen.size() > 16)
        continue;
      for (auto [k, o] : llvm::enumerate(op->getOperands())) {
        Operation *od = stripCasts(o).getDefiningOp();
        if (!od)
          continue;
        if (auto bid = dyn_cast<gpu::BlockIdOp>(od)) {
          char from = bid.getDimension() == gpu::Dimension::x   ? 'x'
                      : bid.getDimension() == gpu::Dimension::y ? 'y'
                                                                : 'z';
          char to = from == 'x' ? 'y' : 'x';
          ctx.add(op, "twin-definition", apart ? 3.0 : 2.0,
                  llvm::formatv("'{0}' is computed exactly as '{1}' is, from blockIdx.{2}: a "
                                "copied line that kept the axis?",
                                name, twin, from)
                      .str());
          ctx.setHint(
              op, "twin-definition",
              llvm::formatv("kind=axis operand={0} with=block_id.{1}>{2}", k, from, to).str(),
              /*keepFirst=*/true);
        } else if (isa<arith::ArithDialect>(od->getDialect()) && !isa<arith::ConstantOp>(od)) {
          work.push_back(od);
        }
      }
    }
  }
}
