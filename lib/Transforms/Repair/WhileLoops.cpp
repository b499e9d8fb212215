//===- WhileLoops.cpp - C counting loops lifted as scf.while --------------===//
#include "WhileLoops.h"
#include "RepairUtils.h"

using namespace mlir;
using namespace kfix;

bool kfix::isLowerBoundTest(arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  return pred == P::sgt || pred == P::ugt || pred == P::sge || pred == P::uge || pred == P::ne;
}

/// True when `v` is `load var` shifted or scaled by one: `>> 1`, `/ 2`
/// (halving) or `<< 1`, `* 2` (doubling).
static std::optional<bool> updateKind(Value v, memref::AllocaOp var) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getNumOperands() != 2)
    return std::nullopt;
  auto isVar = [&](Value x) { return loadedVar(x) == var; };
  auto constIs = [&](Value x, int64_t c) {
    std::optional<int64_t> k = getConstInt(x);
    return k && *k == c;
  };
  Value a = def->getOperand(0), b = def->getOperand(1);
  if (isa<arith::ShRSIOp, arith::ShRUIOp>(def) && isVar(a) && constIs(b, 1))
    return true;
  if (isa<arith::DivSIOp, arith::DivUIOp>(def) && isVar(a) && constIs(b, 2))
    return true;
  if (isa<arith::ShLIOp>(def) && isVar(a) && constIs(b, 1))
    return false;
  if (isa<arith::MulIOp>(def) && ((isVar(a) && constIs(b, 2)) || (isVar(b) && constIs(a, 2))))
    return false;
  return std::nullopt;
}

std::optional<CountedWhile> kfix::matchCountedWhile(scf::WhileOp loop) {
  CountedWhile m;
  m.loop = loop;
  auto cond = dyn_cast<scf::ConditionOp>(loop.getBefore().front().getTerminator());
  if (!cond || !loop.getInits().empty())
    return std::nullopt;
  m.cmp = cond.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!m.cmp)
    return std::nullopt;
  m.var = loadedVar(m.cmp.getLhs());
  std::optional<int64_t> bound = getConstInt(m.cmp.getRhs());
  if (!m.var || !bound || !m.var.getType().getElementType().isInteger())
    return std::nullopt;
  m.bound = *bound;
  SmallVector<memref::StoreOp> stores = storesTo(m.var);
  if (stores.size() != 2)
    return std::nullopt;
  Block *body = &loop.getAfter().front();
  for (memref::StoreOp st : stores) {
    if (st->getBlock() == body)
      m.update = st;
    else if (st->getBlock() == loop->getBlock() && st->isBeforeInBlock(loop))
      m.init = st;
  }
  if (!m.init || !m.update)
    return std::nullopt;
  std::optional<bool> kind = updateKind(m.update.getValue(), m.var);
  if (!kind)
    return std::nullopt;
  m.halving = *kind;
  return m;
}
