//===- Delivery.h - a repair delivered as a patch of the user's file -*- C++ -*-===//
//
// The repair loop rewrites the lifted IR; what the user gets back is their own
// file with the smallest edit that has the rewrite's effect. The ops a repair
// created or changed carry `kfix.repaired` and the FileLineColLoc of the C++
// construct they stand for; from them come source edits (fix-its: a token
// replaced, a statement wrapped, a line inserted, an expression regenerated in
// the file's names). The patched file is re-lifted and validated with the task
// like the loop's accepted candidate; when no patch validates, the kernel
// regenerated from MLIR is delivered instead, and the report says so.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_AGENT_DELIVERY_H
#define KFIX_AGENT_DELIVERY_H

#include "kfix/Agent/Session.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace kfix {

/// One edit of the source text: replace [offset, offset+length) by `text`.
struct SourceEdit {
  size_t offset = 0, length = 0;
  std::string text;
  std::string kind; ///< replace-token, insert-line, guard-statement, guard-access, regenerate
  std::string pass; ///< the repair pass whose op asked for it
  unsigned line = 0; ///< 1-based line of the original it touches
  /// Guards: the condition, and for a guarded statement the range it covers
  /// (an access guard inside it with the same condition is redundant).
  std::string cond;
  size_t scopeBegin = 0, scopeEnd = 0;
};

struct Delivery {
  std::string mode = "regenerated"; ///< patch | regenerated
  std::string source;               ///< what repaired.cu holds
  std::string diff;                 ///< unified diff against the user's file
  std::string reason;               ///< why not a patch (regenerated)
  std::vector<SourceEdit> edits;    ///< the patch's edits (mode patch)
  unsigned changedLines = 0;        ///< lines removed + lines added in the diff
  bool unchangedIdentical = false;  ///< every line outside the hunks byte-identical
  bool structural = false;          ///< the re-lifted patch has the repaired IR's ops
  unsigned candidatesTried = 0, validations = 0;
  llvm::json::Value toJSON() const;
};

/// Lines removed + lines added by an LCS line diff of `b` against `a`
/// (`removed`: the lines of `a` not kept).
unsigned changedLineCount(llvm::StringRef a, llvm::StringRef b, unsigned *removed = nullptr);

/// Makes the delivery of the accepted repair `repaired` (a module the loop
/// validated in full) for the session's candidate source. `regenerated` is the
/// exporter's text, the fallback. Validates the patch with the task.
Delivery deliverRepair(Session &s, mlir::ModuleOp repaired, const std::string &regenerated);

} // namespace kfix

#endif
