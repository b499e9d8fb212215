//===- EditOnce.cpp - a term kept for one coordinate ----------------------===//
//
// The `once` edit of the vocabulary (EditVocabulary.h): a term that every
// thread colliding on an atomic add adds again is kept for the coordinate's
// first thread or block only (`acc + b[col]` -> `acc + (blockIdx.z == 0 ?
// b[col] : 0.0f)`); with=block:D or thread:D. with=lane keeps it for the first
// lane of each warp (`threadIdx.x % 32 == 0`): a seed that every lane of a
// warp-shuffle sum brings. The replicated-term models name it
// (SuspectAtomics.cpp).
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::edit;

bool kfix::edit::applyOnce(Operation *op, const EditSpec &e, std::string &error) {
  constexpr llvm::StringLiteral kPassArg = "kfix-repair-edit";
  unsigned i = 0;
  if (!(e.operand.empty() || e.operand == "-") &&
      (llvm::StringRef(e.operand).getAsInteger(10, i) || i >= op->getNumOperands())) {
    error = "no operand " + e.operand + " at " + e.loc;
    return false;
  }
  Value t = op->getOperand(i);
  auto [scope, d] = llvm::StringRef(e.with).split(':');
  bool lane = e.with == "lane";
  auto dim = lane ? std::optional<gpu::Dimension>(gpu::Dimension::x) : gpu::symbolizeDimension(d);
  if (!dim || (scope != "block" && scope != "thread" && !lane) ||
      !isa<FloatType, IntegerType>(t.getType())) {
    error = "once needs with=block:x|y|z, thread:x|y|z or lane and a scalar operand at " + e.loc;
    return false;
  }
  OpBuilder b(op);
  Location l = op->getLoc();
  Value c = scope == "block" ? gpu::BlockIdOp::create(b, l, *dim).getResult()
                             : gpu::ThreadIdOp::create(b, l, *dim).getResult();
  SmallVector<Value> made{c};
  if (lane) {
    Value w = arith::ConstantIndexOp::create(b, l, 32);
    c = arith::RemUIOp::create(b, l, c, w);
    made.append({w, c});
  }
  Value zeroIdx = arith::ConstantIndexOp::create(b, l, 0);
  Value first = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, c, zeroIdx);
  Value zero = isa<FloatType>(t.getType())
                   ? arith::ConstantOp::create(b, l, FloatAttr::get(t.getType(), 0.0)).getResult()
                   : arith::ConstantOp::create(b, l, IntegerAttr::get(t.getType(), 0)).getResult();
  Value n = arith::SelectOp::create(b, l, first, t, zero);
  made.append({zeroIdx, first, zero, n});
  for (Value v : made)
    markRepaired(v.getDefiningOp(), kPassArg);
  op->setOperand(i, n);
  markRepaired(op, kPassArg);
  return true;
}
