//===- EditWraps.cpp - a value missing its last operation -----------------===//
//
// The `wrap` edit of the vocabulary (EditVocabulary.h): the value an op
// computes gets one more binary operation applied to it, `x` -> `x OP y`
// (`e / C` -> `e / C % R`), with y a kernel parameter, a local in scope, an
// integer computed before x (`def:LINE:COL:OP`) or a constant, converted to
// x's type as C converts it. Its spec is `with=OP:Y`
// (`arith.remsi:arg:R`), the operand index the position of x in the new op.
// The sibling-definition model names it, from the same local computed with
// that operation elsewhere (SuspectRedefinitions.cpp); the unrebased-read
// model adds a row pointer's offset to a read of its base with it
// (SuspectRebase.cpp).
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::edit;

namespace {

/// `v` as a value of type `t`, the conversion C makes between integers (and
/// to an index); null when there is none.
Value convertInt(OpBuilder &b, Location l, Value v, Type t) {
  if (v.getType() == t)
    return v;
  auto from = dyn_cast<IntegerType>(v.getType());
  if (!from)
    return {};
  if (t.isIndex())
    return arith::IndexCastOp::create(b, l, t, v);
  auto to = dyn_cast<IntegerType>(t);
  if (!to || from.getWidth() == 1)
    return {};
  if (to.getWidth() > from.getWidth())
    return arith::ExtSIOp::create(b, l, t, v);
  return arith::TruncIOp::create(b, l, t, v);
}

} // namespace

bool kfix::edit::applyWrap(Operation *op, const EditSpec &e, std::string &error) {
  auto [opName, spec] = llvm::StringRef(e.with).split(':');
  if (op->getNumResults() != 1 || (e.operand != "0" && e.operand != "1") ||
      !opName.starts_with("arith.") || spec.empty()) {
    error = "wrap needs one result, operand=0|1 and with=<arith op>:<value> at " + e.loc;
    return false;
  }
  Value x = op->getResult(0);
  Type t = x.getType();
  if (!isa<IntegerType>(t) && !t.isIndex()) {
    error = "wrap applies to an integer value at " + e.loc;
    return false;
  }
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  OpBuilder b(op->getContext());
  b.setInsertionPointAfter(op);
  Location l = op->getLoc();
  Value y;
  int64_t c;
  llvm::StringRef name = spec;
  if (!spec.getAsInteger(10, c)) {
    y = isa<IntegerType>(t) ? arith::ConstantOp::create(b, l, IntegerAttr::get(t, c)).getResult()
                            : arith::ConstantIndexOp::create(b, l, c).getResult();
  } else if (name.consume_front("arg:")) {
    if (Value a = func ? getArgByName(func, name) : Value())
      y = convertInt(b, l, a, t);
  } else if (name.consume_front("var:")) {
    if (memref::AllocaOp a = findVar(op, name); a && a.getType().getRank() == 0)
      y = convertInt(b, l, memref::LoadOp::create(b, l, a.getResult()).getResult(), t);
  } else if (name.consume_front("def:")) {
    // LINE:COL:OPNAME, an integer computed before `op` (of any width: C
    // converts it), the nearest such.
    auto [lc, opn] = name.rsplit(':');
    DominanceInfo dom(func);
    Operation *best = nullptr;
    if (func)
      func.walk([&](Operation *o) {
        if (o->getNumResults() == 1 && o->getName().getStringRef() == opn &&
            lineCol(o->getLoc()) == lc && isa<IntegerType>(o->getResult(0).getType()) &&
            dom.properlyDominates(o, op) && (!best || dom.properlyDominates(best, o)))
          best = o;
      });
    if (best)
      y = convertInt(b, l, best->getResult(0), t);
  }
  if (!y) {
    error = "wrap: no integer value '" + spec.str() + "' at " + e.loc;
    return false;
  }
  OperationState st(l, opName);
  if (!st.name.isRegistered()) {
    error = "wrap: no operation " + opName.str();
    return false;
  }
  if (e.operand == "0")
    st.addOperands({x, y});
  else
    st.addOperands({y, x});
  st.addTypes(t);
  Operation *n = b.create(st);
  markRepaired(n, "kfix-repair-edit");
  x.replaceAllUsesExcept(n->getResult(0), n);
  return true;
}
