//===- EditCallArgs.cpp - the wrong argument of an inlined call ----------===//
//
// The `callarg` edit of the vocabulary (EditVocabulary.h). A helper called
// twice with one argument wrong (`window(oh, ..., W)` where the rows' window
// needs H) is one copy of the helper's body in the lifted IR per call, and an
// edit at a location of the body changes every copy. The lifter marks the
// reads of a by-value argument that names a value (a kernel parameter, a
// local) with the call and the argument's source range (`kfix.callarg`,
// LiftCalls.cpp); this edit changes the argument of one call: every read of
// it in that call's copy reads another kernel parameter. Its spec names a
// read of the argument (`loc=` and `op=` of the reading op, `operand=I@L:C`
// with I the operand and L:C the call's location) and the new argument
// (`with=arg:NAME`). The reads changed carry `kfix.callarg-edit` (the
// argument's range and its new text) for delivery, which rewrites the
// argument where the call writes it.
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::edit;

std::vector<std::string> edit::callArgSites(Operation *op, unsigned i) {
  std::vector<std::string> out;
  for (const CallArgUse &u : callArgUses(op))
    if (u.operand == i)
      out.push_back(std::to_string(i) + "@" + u.call);
  return out;
}

bool edit::applyCallArg(Operation *op, const EditSpec &e, std::string &error) {
  auto [idx, call] = llvm::StringRef(e.operand).split('@');
  unsigned i;
  llvm::StringRef name = e.with;
  if (idx.getAsInteger(10, i) || call.empty() || !name.consume_front("arg:")) {
    error = "callarg needs operand=I@LINE:COL and with=arg:NAME at " + e.loc;
    return false;
  }
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  Value to = func ? getArgByName(func, name) : Value();
  if (!to) {
    error = "callarg: no kernel parameter '" + name.str() + "'";
    return false;
  }
  // This copy of the op reads the argument of that call (another copy, of
  // another call, is left as it is).
  std::optional<CallArgUse> mine;
  for (const CallArgUse &u : callArgUses(op))
    if (u.operand == i && u.call == call)
      mine = u;
  if (!mine)
    return true;
  if (i >= op->getNumOperands() || op->getOperand(i).getType() != to.getType()) {
    error = "callarg: the argument and '" + name.str() + "' differ in type at " + e.loc;
    return false;
  }
  // Every read of that argument in the call's copy of the body.
  unsigned changed = 0;
  func.walk([&](Operation *o) {
    auto a = o->getAttrOfType<ArrayAttr>("kfix.callarg");
    if (!a)
      return;
    // The entries of that call's argument go (their operands change); the
    // others stay (callArgUses skips none of a well-formed mark: same order).
    std::vector<CallArgUse> uses = callArgUses(o);
    if (uses.size() != a.size())
      return;
    SmallVector<Attribute> keep;
    for (auto [x, u] : llvm::zip(a, uses)) {
      if (u.arg != mine->arg || u.call != mine->call || u.operand >= o->getNumOperands()) {
        keep.push_back(x);
        continue;
      }
      o->setOperand(u.operand, to);
      o->setAttr("kfix.callarg-edit", StringAttr::get(o->getContext(), u.range + "=" + name.str()));
      markRepaired(o, "kfix-repair-edit");
      ++changed;
    }
    if (keep.empty())
      o->removeAttr("kfix.callarg");
    else
      o->setAttr("kfix.callarg", ArrayAttr::get(o->getContext(), keep));
  });
  if (!changed)
    error = "callarg: no read of argument " + std::to_string(mine->arg) + " of the call at " +
            mine->call;
  return changed > 0;
}
