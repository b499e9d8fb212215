//===- Edits.h - small typed edits of the lifted IR ---------------*- C++ -*-===//
//
// The vocabulary of the generic edit search (lib/Agent/EditSearch.cpp) and of
// the pass that makes its edits reproducible, `kfix-repair-edit`
// (lib/Transforms/Repair/RepairEdit.cpp): an edit names an op by location
// and name and says what to change there (an operand, the operator, the
// operand order, a constant, ...). enumerateEdits lists the edits that type
// check at one op, each with a prior (how often such a slip is the bug).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_TRANSFORMS_EDITS_H
#define KFIX_TRANSFORMS_EDITS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Operation.h"
#include <string>
#include <vector>

namespace kfix {

struct EditSpec {
  std::string loc;     ///< file:line:col of the op
  std::string op;      ///< its name
  std::string kind;    ///< operand | opcode | swap | delta | bypass | fconst | iconst | delete |
                       ///< reinit (operand: a local, with: an enclosing loop, innermost 0) |
                       ///< clamp0 | mulby (a stored value: max(v, 0), v * with)
  std::string operand; ///< operand index, `result` (delta), or "" (none)
  std::string with;    ///< replacement value / op / predicate / delta, or ""
  double prior = 0;    ///< how likely such an edit is the fix (enumeration only)
  std::string what;    ///< a short human description ("HW / 32 -> HW")
};

/// The edits that type check at `op`, best prior first (at most `max`).
/// `nearest` bounds the in-scope replacement candidates per operand.
std::vector<EditSpec> enumerateEdits(mlir::Operation *op, unsigned max = 24, unsigned nearest = 3);

/// The ops of `module` at exactly `loc` (file:line:col), named `name` when
/// not empty, in program order.
std::vector<mlir::Operation *> opsAt(mlir::Operation *module, llvm::StringRef loc,
                                     llvm::StringRef name = "");

/// Other ops on `op`'s line with the same name computing the same expression
/// (`x[idx + 1] > 0 ? x[idx + 1] : 0`): a copied slip is repeated there.
std::vector<std::string> twinLocs(mlir::Operation *op);
/// Whether `a` and `b` (one result each) compute the same expression of the
/// same values (two reads' indices copied: `gamma[cl]`, `beta[cl]`).
bool sameResultExpr(mlir::Operation *a, mlir::Operation *b);

/// True when some operand or result of `op` is f16 or bf16.
bool touchesHalf(mlir::Operation *op);

/// Applies `edits` to `module` (all targets resolved first). Returns false
/// and sets `error` when an edit names nothing or does not type check; the
/// module may then be partly edited (callers work on a clone).
bool applyEdits(mlir::gpu::GPUModuleOp module, const std::vector<EditSpec> &edits,
                std::string &error);

} // namespace kfix

#endif
