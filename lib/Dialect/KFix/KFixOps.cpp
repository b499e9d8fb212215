//===- KFixOps.cpp - kfix op verifiers ------------------------------------===//
#include "kfix/Dialect/KFix/KFixOps.h"

using namespace mlir;
using namespace kfix;

static LogicalResult verifySite(Operation *op, int64_t site) {
  if (site < 0)
    return op->emitOpError("site must be non-negative, got ") << site;
  return success();
}

LogicalResult ProbeOp::verify() {
  if (getTag().empty())
    return emitOpError("tag must not be empty");
  if (auto ft = dyn_cast<FloatType>(getValue().getType()))
    if (ft.getWidth() > 64)
      return emitOpError("cannot record floats wider than 64 bits");
  if (auto it = dyn_cast<IntegerType>(getValue().getType()))
    if (it.getWidth() > 64)
      return emitOpError("cannot record integers wider than 64 bits");
  return verifySite(*this, getSite());
}

LogicalResult CheckOp::verify() {
  if (getDetails().size() > 2)
    return emitOpError("records at most 2 details, got ") << getDetails().size();
  return verifySite(*this, getSite());
}

LogicalResult CountOp::verify() {
  if (getCounter() < 0 || getCounter() > 255)
    return emitOpError("counter must be in [0, 255], got ") << getCounter();
  return verifySite(*this, getSite());
}

LogicalResult AccessOp::verify() {
  auto type = cast<MemRefType>(getMemref().getType());
  if (static_cast<int64_t>(getIndices().size()) != type.getRank())
    return emitOpError("expected ") << type.getRank() << " indices, got " << getIndices().size();
  return verifySite(*this, getSite());
}

#define GET_OP_CLASSES
#include "kfix/Dialect/KFix/KFixOps.cpp.inc"
