//===- RepairMissingAtomic.cpp - atomic read-modify-write of a shared sum -===//
//
// `out[blockIdx.x] += partial;` executed by every thread loses updates; the
// repair turns the load/combine/store into one memref.atomic_rmw.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRMISSINGATOMIC
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-missing-atomic";

std::optional<arith::AtomicRMWKind> kindOf(Operation *op) {
  using K = arith::AtomicRMWKind;
  if (isa<arith::AddFOp>(op))
    return K::addf;
  if (isa<arith::AddIOp>(op))
    return K::addi;
  if (isa<arith::MulFOp>(op))
    return K::mulf;
  if (isa<arith::MulIOp>(op))
    return K::muli;
  if (isa<arith::MaxNumFOp>(op))
    return K::maxnumf;
  if (isa<arith::MinNumFOp>(op))
    return K::minnumf;
  if (isa<arith::MaximumFOp>(op))
    return K::maximumf;
  if (isa<arith::MinimumFOp>(op))
    return K::minimumf;
  if (isa<arith::MaxSIOp>(op))
    return K::maxs;
  if (isa<arith::MinSIOp>(op))
    return K::mins;
  if (isa<arith::MaxUIOp>(op))
    return K::maxu;
  if (isa<arith::MinUIOp>(op))
    return K::minu;
  if (isa<arith::OrIOp>(op))
    return K::ori;
  if (isa<arith::AndIOp>(op))
    return K::andi;
  return std::nullopt;
}

struct RepairMissingAtomicPass
    : public kfix::impl::RepairMissingAtomicBase<RepairMissingAtomicPass> {
  using RepairMissingAtomicBase::RepairMissingAtomicBase;

  void runOnOperation() override {
    SmallVector<memref::StoreOp> stores;
    getOperation().walk([&](memref::StoreOp st) {
      if ((isGlobalMemref(st.getMemref()) || isSharedMemref(st.getMemref())) &&
          locMatches(st.getLoc(), loc))
        stores.push_back(st);
    });
    bool aimed = !StringRef(loc).trim().empty();
    for (memref::StoreOp st : stores) {
      Operation *comb = st.getValue().getDefiningOp();
      if (!comb || comb->getNumOperands() != 2 || comb->getBlock() != st->getBlock())
        continue;
      std::optional<arith::AtomicRMWKind> kind = kindOf(comb);
      if (!kind)
        continue;
      memref::LoadOp load;
      Value other;
      for (unsigned i : {0u, 1u}) {
        auto l = comb->getOperand(i).getDefiningOp<memref::LoadOp>();
        if (!l || l.getMemref() != st.getMemref() || l->getBlock() != st->getBlock() ||
            l.getIndices().size() != st.getIndices().size())
          continue;
        if (!llvm::all_of(llvm::zip(l.getIndices(), st.getIndices()),
                          [](auto p) { return sameExpr(std::get<0>(p), std::get<1>(p)); }))
          continue;
        load = l;
        other = comb->getOperand(1 - i);
        break;
      }
      if (!load)
        continue;
      if (!aimed && (llvm::any_of(st.getIndices(), isThreadDependent) || isInDivergentCode(st)))
        continue;
      OpBuilder b(st);
      auto rmw = memref::AtomicRMWOp::create(b, st.getLoc(), *kind, other, st.getMemref(),
                                             st.getIndices());
      markRepaired(rmw, kPassArg);
      st.erase();
      if (comb->use_empty())
        comb->erase();
      if (load.use_empty())
        load.erase();
      ++numRewrites;
    }
  }
};

} // namespace
