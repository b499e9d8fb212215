//===- EditExchanges.cpp - two locals or two chunk numbers exchanged ------===//
//
// Two forms of the `exchange` edit (EditVocabulary.h) that reach beyond one
// statement (RepairEdit.cpp applies the form within a statement, and
// `exchangePairs` below lists the pairs of names a statement reads):
//
//  - every read of two locals stored once swapped (a window's half-widths
//    defined the other way round: `before = (K - 1) / 2; after = K / 2;`);
//  - two chunk numbers swapped at every read of chunks `k * S + j` of one
//    stride (an LSTM's gates read in the order `i, f, o, g`).
//
// The reads and constants they change are marked for the source patch.
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Edits.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace kfix::edit {

namespace {
constexpr llvm::StringLiteral kPassArg = "kfix-repair-edit";
} // namespace

/// The pairs of names (parameters and locals, `arg:N` / `var:N`, of one type)
/// that the value stored by `st` reads (through pure ops, not through loads'
/// indices), at most `max`: a formula with two of its names the other way
/// round (`(c % cpg) * groups + c / cpg` for `(c % groups) * cpg + c / groups`).
std::vector<std::pair<std::string, std::string>> exchangePairs(memref::StoreOp st, unsigned max) {
  std::vector<std::pair<std::string, Type>> names;
  SmallVector<Operation *> work;
  llvm::SmallPtrSet<Operation *, 16> seen;
  auto note = [&](Value v) {
    std::string n = nameValue(st, v);
    if ((llvm::StringRef(n).starts_with("arg:") || llvm::StringRef(n).starts_with("var:")) &&
        llvm::none_of(names, [&](auto &x) { return x.first == n; }))
      names.push_back({n, v.getType()});
  };
  if (Operation *d = st.getValueToStore().getDefiningOp())
    work.push_back(d);
  while (!work.empty() && names.size() < 8) {
    Operation *d = work.pop_back_val();
    if (!seen.insert(d).second || isa<memref::LoadOp>(d) || d->getNumRegions() ||
        !isMemoryEffectFree(d))
      continue;
    for (Value o : d->getOperands()) {
      // A local out of scope at the statement (an inlined function's
      // parameter, stored once from the call's argument): the argument.
      for (unsigned k = 0; k < 4; ++k) {
        memref::AllocaOp var = loadedVar(o);
        if (!var || !nameValue(st, o).empty())
          break;
        SmallVector<memref::StoreOp> stores = storesTo(var);
        if (stores.size() != 1)
          break;
        o = stores.front().getValueToStore();
      }
      if (isa<BlockArgument>(o) || o.getDefiningOp<memref::LoadOp>())
        note(o);
      else if (Operation *dd = o.getDefiningOp())
        work.push_back(dd);
    }
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (size_t i = 0; i < names.size(); ++i)
    for (size_t j = i + 1; j < names.size() && out.size() < max; ++j)
      if (names[i].second == names[j].second && !isa<MemRefType>(names[i].second))
        out.push_back({names[i].first, names[j].first});
  return out;
}

/// Every read of local `x` reads local `y` and back, where both are defined:
/// each is stored exactly once and both stores dominate the read. The reads
/// are marked for the source patch (kfix.swap 0: read `x` in the file).
/// False (nothing changed) when the two are not such locals or nothing reads
/// them.
bool exchangeLocals(gpu::GPUFuncOp func, llvm::StringRef x, llvm::StringRef y, bool vars) {
  if (!vars || !func || x == y)
    return false;
  memref::AllocaOp a[2];
  memref::StoreOp def[2];
  func.walk([&](memref::AllocaOp al) {
    auto n = al->getAttrOfType<StringAttr>("kfix.var");
    for (unsigned k = 0; k < 2; ++k)
      if (n && n.getValue() == (k ? y : x) && al.getType().getRank() == 0)
        a[k] = a[k] ? memref::AllocaOp() : al; // two locals of one name: neither
  });
  if (!a[0] || !a[1] || a[0].getType() != a[1].getType())
    return false;
  SmallVector<std::pair<memref::LoadOp, unsigned>> reads;
  for (unsigned k = 0; k < 2; ++k)
    for (Operation *u : a[k]->getUsers()) {
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        if (def[k])
          return false;
        def[k] = st;
      } else if (auto ld = dyn_cast<memref::LoadOp>(u)) {
        reads.push_back({ld, k});
      } else {
        return false;
      }
    }
  if (!def[0] || !def[1])
    return false;
  DominanceInfo dom(func);
  unsigned n = 0;
  for (auto [ld, k] : reads) {
    if (!dom.properlyDominates(def[0].getOperation(), ld) ||
        !dom.properlyDominates(def[1].getOperation(), ld))
      continue;
    ld.getMemrefMutable().assign(a[1 - k].getResult());
    ld->setAttr("kfix.swap", IntegerAttr::get(IntegerType::get(ld->getContext(), 32), k));
    ++n;
  }
  return n > 0;
}

/// What a chunk's stride reads: the parameter, the local or the value.
static const void *strideKey(Value v) {
  while (Operation *d = v.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp>(d))
      break;
    v = d->getOperand(0);
  }
  if (auto ld = v.getDefiningOp<memref::LoadOp>(); ld && ld.getIndices().empty())
    return ld.getMemref().getAsOpaquePointer();
  return v.getAsOpaquePointer();
}

/// Two chunks of a buffer exchanged (`i, f, o, g` read where torch has `i,
/// f, g, o`): at every read whose index has a chunk term `k * S` of the
/// site's stride S, chunk k1 becomes k2 and back. False when the site reads
/// no such chunk.
bool exchangeChunks(memref::LoadOp site, int64_t k1, int64_t k2, llvm::StringRef pass) {
  auto func = site->getParentOfType<gpu::GPUFuncOp>();
  // Once per kernel (the reads of one macro expansion share their location:
  // the edit reaches each of them, and the local reads beside them, as a site).
  std::string done = llvm::formatv("{0}:{1}", std::min(k1, k2), std::max(k1, k2)).str();
  if (auto a = func->getAttrOfType<StringAttr>("kfix.chunks"); a && a.getValue() == done)
    return true;
  // The site's stride: a chunk term of the reads at its location (the site
  // may be the read of a local among them).
  SmallVector<std::pair<OpOperand *, Value>> terms;
  func.walk([&](memref::LoadOp ld) {
    if (ld->getLoc() == site->getLoc())
      for (Value i : ld.getIndices())
        chunkTerms(i, terms);
  });
  const void *stride = nullptr;
  for (auto [use, s] : terms)
    if (auto c = getConstInt(use->get()); c && (*c == k1 || *c == k2))
      stride = strideKey(s);
  if (!stride || k1 == k2)
    return false;
  func->setAttr("kfix.chunks", StringAttr::get(func.getContext(), done));
  unsigned n = 0;
  func.walk([&](memref::LoadOp ld) {
    SmallVector<std::pair<OpOperand *, Value>> ts;
    for (Value i : ld.getIndices())
      chunkTerms(i, ts);
    for (auto [use, s] : ts) {
      auto c = getConstInt(use->get());
      if (!c || (*c != k1 && *c != k2) || strideKey(s) != stride)
        continue;
      Value old = use->get();
      auto attr = IntegerAttr::get(old.getType(), *c == k1 ? k2 : k1);
      auto oc = old.getDefiningOp<arith::ConstantOp>();
      if (old.hasOneUse()) {
        // In place: the patch then changes what the file spells (a
        // `#define GATE_G 3` read through its name).
        oc.setValueAttr(attr);
        markRepaired(oc, pass);
      } else {
        OpBuilder b(use->getOwner());
        auto k = arith::ConstantOp::create(b, old.getLoc(), attr);
        markRepaired(k, pass);
        use->set(k);
      }
      ++n;
    }
  });
  return n > 0;
}

bool applyExchange(Operation *op, const EditSpec &e, OpBuilder &b, std::string &error,
                   SmallVectorImpl<Value> &dropped) {
  // Two names a stored formula reads exchanged (`end(ow, W, OW)` for
  // `end(ow, OW, W)`, the call inlined): every read of one in the value's
  // expression reads the other. operand= and with= are arg:NAME or var:NAME.
  auto st = dyn_cast<memref::StoreOp>(op);
  gpu::GPUFuncOp func = op->getParentOfType<gpu::GPUFuncOp>();
  auto reads = [&](Value v, llvm::StringRef spec) {
    if (spec.starts_with("arg:"))
      return v == getArgByName(func, spec.drop_front(4));
    auto ld = v.getDefiningOp<memref::LoadOp>();
    if (!spec.starts_with("var:") || !ld || !ld.getIndices().empty())
      return false;
    auto a = ld.getMemref().getDefiningOp<memref::AllocaOp>();
    auto n = a ? a->getAttrOfType<StringAttr>("kfix.var") : StringAttr();
    return n && n.getValue() == spec.drop_front(4);
  };
  auto ld = dyn_cast<memref::LoadOp>(op);
  // Two chunk numbers (operand=const:K1 with=const:K2) at a read.
  int64_t k1, k2;
  if (llvm::StringRef(e.operand).starts_with("const:") ||
      llvm::StringRef(e.with).starts_with("const:")) {
    if (!ld || llvm::StringRef(e.operand).drop_front(6).getAsInteger(10, k1) ||
        llvm::StringRef(e.with).drop_front(6).getAsInteger(10, k2) ||
        !exchangeChunks(ld, k1, k2, kPassArg)) {
      error = "exchange: no read at " + e.loc + " with a chunk " + e.operand + " or " + e.with +
              " of a stride";
      return false;
    }
    return true;
  }
  if ((!st && !ld) || e.operand == e.with) {
    error = "exchange needs a store or a load and two names at " + e.loc;
    return false;
  }
  // (At a store that reads one of two locals or neither, such as one's
  // definition: below, every read of the two.)
  // The uses of each name in the stored expression, or in a load's index
  // (pure ops, not through loads' indices): `in[(c * rr + j * r + i) ...]`
  // for `in[(c * rr + i * r + j) ...]`.
  SmallVector<std::pair<OpOperand *, unsigned>> uses;
  SmallVector<Operation *> work;
  llvm::SmallPtrSet<Operation *, 16> seen;
  SmallVector<Value> roots;
  if (st)
    roots.push_back(st.getValueToStore());
  else
    llvm::append_range(roots, ld.getIndices());
  for (Value v : roots)
    if (Operation *d = v.getDefiningOp())
      work.push_back(d);
  while (!work.empty()) {
    Operation *d = work.pop_back_val();
    if (!seen.insert(d).second || isa<memref::LoadOp>(d) || d->getNumRegions() ||
        !isMemoryEffectFree(d))
      continue;
    for (OpOperand &o : d->getOpOperands()) {
      // A local stored once from one of the names (an inlined function's
      // parameter): the argument it is stored from.
      OpOperand *use = &o;
      for (unsigned k = 0; k < 4; ++k) {
        memref::AllocaOp var = loadedVar(use->get());
        if (!var || reads(use->get(), e.operand) || reads(use->get(), e.with))
          break;
        SmallVector<memref::StoreOp> stores = storesTo(var);
        if (stores.size() != 1)
          break;
        use = &stores.front()->getOpOperand(0);
      }
      if (reads(use->get(), e.operand))
        uses.push_back({use, 0});
      else if (reads(use->get(), e.with))
        uses.push_back({use, 1});
      else if (Operation *dd = o.get().getDefiningOp())
        work.push_back(dd);
    }
  }
  bool both[2] = {false, false};
  for (auto [u, k] : uses)
    both[k] = true;
  auto bare = [](llvm::StringRef spec) { return spec.split(':').second; };
  if (!both[0] || !both[1]) {
    // A statement that reads one of two locals (a window's `c - before`
    // beside `c + after`): every read of the two, where both are
    // defined, reads the other (each local stored once).
    bool vars = llvm::StringRef(e.operand).starts_with("var:") &&
                llvm::StringRef(e.with).starts_with("var:");
    if (st && exchangeLocals(func, bare(e.operand), bare(e.with), vars)) {
      op->setAttr("kfix.exchange", b.getStrArrayAttr({bare(e.operand), bare(e.with)}));
      markRepaired(op, kPassArg);
      return true;
    }
    error = "exchange: the " + std::string(st ? "value stored" : "index read") + " at " + e.loc +
            " does not read both " + e.operand + " and " + e.with +
            ", and they are not two locals stored once";
    return false;
  }
  for (auto [u, k] : uses) {
    Value old = u->get();
    Value v = resolveValue(u->getOwner(), k ? e.operand : e.with, old.getType(), error);
    if (!v)
      return false;
    // For the source patch: a new read where the file reads the other name
    // (its location), marked with the side it was read from (kfix.swap, as
    // kfix-repair-swap-values marks them).
    if (Operation *d = v.getDefiningOp())
      if (Operation *was = old.getDefiningOp()) {
        d->setLoc(was->getLoc());
        d->setAttr("kfix.swap", b.getI32IntegerAttr(k));
      }
    u->set(v);
    dropped.push_back(old);
  }
  op->setAttr("kfix.exchange", b.getStrArrayAttr({bare(e.operand), bare(e.with)}));
  markRepaired(op, kPassArg);
  return true;
}

} // namespace kfix::edit
