//===- EditOffsets.cpp - an index missing its block's base ----------------===//
//
// The `offset` edit of the vocabulary (EditVocabulary.h): an index that runs
// over a 0-based loop `for (cl = 0; cl < E; ++cl)` reads the first E elements
// of a buffer in every block or group (`gamma[cl]` in a group norm where the
// channel is `g * cpg + cl`; `bias[j]` where a batch's bias starts at
// `b * E`). The diagnosis sees it as an input read only as a prefix. The edit
// adds the missing base, `X * E`, with E the loop's extent and X a named
// integer in scope (a parameter, a local, not the loop's own variable).
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace kfix;

namespace {

constexpr llvm::StringLiteral kPassArg = "kfix-repair-edit";

/// The 0-based, unit-step scf.for whose counter `v` is (directly, through
/// casts, or as the read of the local the loop stores its counter in), or null.
scf::ForOp countedLoop(Value v) {
  v = stripCasts(v);
  auto fromIv = [](Value iv) -> scf::ForOp {
    auto ba = dyn_cast<BlockArgument>(iv);
    auto f = ba ? dyn_cast<scf::ForOp>(ba.getOwner()->getParentOp()) : scf::ForOp();
    if (!f || f.getInductionVar() != iv)
      return {};
    auto lb = getConstInt(f.getLowerBound()), st = getConstInt(f.getStep());
    if (!lb || *lb != 0 || !st || *st != 1)
      return {};
    return f;
  };
  if (scf::ForOp f = fromIv(v))
    return f;
  memref::AllocaOp var = loadedVar(v);
  if (!var)
    return {};
  // The lifter's `for (int cl = 0; ...)`: the counter stored into the local
  // at the top of the body, and nothing else stored into it.
  SmallVector<memref::StoreOp> stores = storesTo(var);
  if (stores.size() != 1)
    return {};
  scf::ForOp f = fromIv(stripCasts(stores.front().getValue()));
  if (!f || !f->isAncestor(v.getDefiningOp()))
    return {};
  return f;
}

/// True when `v` differs between blocks or threads: it is computed (through
/// the stores into the locals it reads) from a block or thread coordinate.
/// A parameter or a size is the same everywhere: no block's base.
bool variesOverGrid(Value v) {
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 32> seen;
  for (size_t k = 0; k < work.size() && k < 64; ++k) {
    Operation *d = work[k].getDefiningOp();
    if (!d || !seen.insert(d).second)
      continue;
    if (isa<gpu::BlockIdOp, gpu::ThreadIdOp>(d))
      return true;
    if (auto var = loadedVar(work[k])) {
      for (memref::StoreOp st : storesTo(var))
        work.push_back(st.getValue());
      continue;
    }
    if (d->getNumRegions() == 0)
      work.append(d->operand_begin(), d->operand_end());
  }
  return false;
}

} // namespace

/// The C integer an index op carries: the operand of a cast to `index` (or
/// a widening), the result of a read of a local; null for other ops.
static Value cInteger(Operation *op) {
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp>(op))
    return op->getOperand(0);
  if (isa<memref::LoadOp>(op) && op->getResult(0).getType().isSignlessInteger())
    return op->getResult(0);
  return {};
}

Value edit::offsetExtent(Operation *op) {
  Value v = cInteger(op);
  scf::ForOp f = v ? countedLoop(v) : scf::ForOp();
  if (!f || getConstInt(f.getUpperBound()) || f.getUpperBound().getType() != v.getType())
    return {};
  return f.getUpperBound();
}

std::vector<std::string> edit::offsetBases(Operation *op, unsigned max) {
  std::vector<std::string> out;
  Value extent = offsetExtent(op);
  if (!extent)
    return out;
  Value v = cInteger(op);
  scf::ForOp loop = countedLoop(v);
  for (auto &[c, prior] : replacementCandidates(op, v, max + 4)) {
    (void)prior;
    if (stripCasts(c) == loop.getInductionVar() || c == extent ||
        (loadedVar(c) && (loadedVar(c) == loadedVar(extent) || loadedVar(c) == loadedVar(v))))
      continue;
    std::string n = nameValue(op, c);
    if (n.empty() || n.rfind("def:", 0) == 0 || n.rfind("iv:", 0) == 0 ||
        llvm::is_contained(out, n) || !variesOverGrid(c))
      continue;
    out.push_back(n);
    if (out.size() >= max)
      break;
  }
  return out;
}

bool edit::applyOffset(OpBuilder &b, Operation *op, llvm::StringRef spec, std::string &error) {
  Value extent = offsetExtent(op);
  if (!extent) {
    error = "offset: the op is no index counted by a 0-based loop of a computed extent";
    return false;
  }
  Value v = cInteger(op);
  Value base = resolveValue(op, spec, v.getType(), error);
  if (!base)
    return false;
  // base * extent + index, where the op reads the index (a cast's operand)
  // or for every reader of it (a read of the local).
  if (v == op->getResult(0))
    b.setInsertionPointAfter(op);
  else
    b.setInsertionPoint(op);
  Value prod = arith::MulIOp::create(b, op->getLoc(), base, extent);
  Value sum = arith::AddIOp::create(b, op->getLoc(), prod, v);
  prod.getDefiningOp()->setAttr("kfix.signed", b.getUnitAttr());
  sum.getDefiningOp()->setAttr("kfix.signed", b.getUnitAttr());
  markRepaired(prod.getDefiningOp(), kPassArg);
  markRepaired(sum.getDefiningOp(), kPassArg);
  if (v == op->getResult(0))
    v.replaceAllUsesExcept(sum, sum.getDefiningOp());
  else
    op->setOperand(0, sum);
  return true;
}
