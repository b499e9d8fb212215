//===- Delivery.h - a repair delivered as a patch of the user's file -*- C++ -*-===//
//
// The repair loop rewrites the lifted IR; what the user gets back is their own
// file with the smallest edit that has the rewrite's effect. The ops a repair
// created or changed carry `kfix.repaired` and the FileLineColLoc of the C++
// construct they stand for; from them come source edits (fix-its: a token
// replaced, a statement wrapped, a line inserted, an expression regenerated in
// the file's names). The patched file is re-lifted and validated with the task
// like the loop's accepted candidate; when no patch validates, the kernel
// regenerated from MLIR is delivered instead, and the report says so. For a
// GPU target the delivered file is also compiled with NVRTC and nvcc where
// they are present: a file that does not compile where the user's file does
// is not delivered (SourceCompile.h).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_AGENT_DELIVERY_H
#define KFIX_AGENT_DELIVERY_H

#include "kfix/Agent/Session.h"
#include "kfix/Runtime/SourceCompile.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kfix {

/// One edit of the source text: replace [offset, offset+length) by `text`.
struct SourceEdit {
  size_t offset = 0, length = 0;
  std::string text;
  std::string kind;  ///< replace-token, insert-line, guard-statement, guard-access, regenerate
  std::string pass;  ///< the repair pass whose op asked for it
  unsigned line = 0; ///< 1-based line of the original it touches
  /// Guards: the condition, and for a guarded statement the range it covers
  /// (an access guard inside it with the same condition is redundant).
  std::string cond;
  size_t scopeBegin = 0, scopeEnd = 0;
};

/// The compilers a delivered file is checked with (`kfix debug --check-compile`).
enum class CheckCompilers : unsigned { None = 0, Nvrtc = 1, Nvcc = 2, All = 3 };

struct DeliveryOptions {
  /// Unset: by the target (every compiler for cuda, none for cpu).
  std::optional<CheckCompilers> compilers;
};

/// Parses --check-compile's value: nvrtc, nvcc, a comma list of them, all, none.
std::optional<CheckCompilers> parseCheckCompilers(llvm::StringRef value);

/// One compiler's differential check: the user's file and the delivered one.
struct CompileCheck {
  enum class Verdict {
    Ok,            ///< both compile
    Rejected,      ///< the original compiles, no delivery candidate did
    NotApplicable, ///< the original does not compile under this compiler either
    Unavailable    ///< the compiler is not here
  };
  std::string tool; ///< nvrtc | nvcc
  Verdict verdict = Verdict::Unavailable;
  SourceCompileResult original;
  /// The delivered file's result; with Rejected the last candidate's. Unset
  /// when none was compiled (not applicable, unavailable).
  std::optional<SourceCompileResult> delivered;
  unsigned rejectedCandidates = 0; ///< candidates that did not compile here
  llvm::json::Value toJSON() const;
  /// One line for the terminal and report.html.
  std::string describe() const;
};

/// The `#include` targets of a file (`<math.h>`, `"common.h"`).
std::set<std::string> includedHeaders(llvm::StringRef text);

struct Delivery {
  std::string mode = "regenerated"; ///< patch | regenerated | not-delivered
  std::string source;               ///< what repaired.cu holds
  std::string diff;                 ///< unified diff against the user's file
  std::string reason;               ///< why not a patch (regenerated)
  std::vector<SourceEdit> edits;    ///< the patch's edits (mode patch)
  unsigned changedLines = 0;        ///< lines removed + lines added in the diff
  bool unchangedIdentical = false;  ///< every line outside the hunks byte-identical
  bool structural = false;          ///< the re-lifted patch has the repaired IR's ops
  unsigned candidatesTried = 0, validations = 0;
  /// Access guards of the patch dropped as not needed (minimizeGuards).
  unsigned guardsDropped = 0;
  /// The differential compile checks (empty when --check-compile is none).
  std::vector<CompileCheck> compile;
  /// The header rule: the delivered file includes no header the user's file
  /// does not (`headersAdded` lists those it does).
  bool headersSubset = true;
  std::vector<std::string> headersAdded;
  bool delivered() const { return mode != "not-delivered"; }
  llvm::json::Value toJSON() const;
};

/// Lines removed + lines added by an LCS line diff of `b` against `a`
/// (`removed`: the lines of `a` not kept).
unsigned changedLineCount(llvm::StringRef a, llvm::StringRef b, unsigned *removed = nullptr);

/// Makes the delivery of the accepted repair `repaired` (a module the loop
/// validated in full) for the session's candidate source. `regenerated` is the
/// exporter's text, the fallback. Validates the patch with the task; with
/// compile checks (`opts`) a candidate that does not compile where the user's
/// file does gives way to the next, then to the regenerated kernel, and when
/// none compiles the repair is not delivered (mode "not-delivered", `reason`
/// with the compiler's first error, `source` empty).
Delivery deliverRepair(Session &s, mlir::ModuleOp repaired, const std::string &regenerated,
                       const DeliveryOptions &opts = {});

/// The compile checks for a file delivered as it is (an LLM's patch): fills
/// `d.compile` and the header rule; a file that does not compile where the
/// original does makes `d` not delivered.
void checkDeliveredFile(Session &s, Delivery &d, const DeliveryOptions &opts = {});

} // namespace kfix

#endif
