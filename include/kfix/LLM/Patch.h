//===- Patch.h - apply a unified diff to a string in memory -----*- C++ -*-===//
//
// The LLM planner's `patch` action carries a unified diff against the kernel
// source. This applies it to a string: it never touches files and never runs
// anything. Context and removed lines must match exactly; a hunk may sit at a
// different line than its header says (models miscount), in which case the
// nearest exact match is used. Hunk line counts in the header are checked
// against the body only when PatchOptions::strictCounts is set.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LLM_PATCH_H
#define KFIX_LLM_PATCH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace kfix::llm {

struct PatchOptions {
  bool strictCounts = false;
  /// How far (in lines) from the header's position a hunk may be found.
  unsigned maxOffset = 1000;
};

struct PatchResult {
  std::string text;
  unsigned hunksApplied = 0;
  /// Hunks that applied at a line other than their header said.
  unsigned hunksOffset = 0;
};

/// Applies `diff` to `original`. Errors name the hunk (index and header) and
/// the first line that does not match, e.g.
///   hunk 2 (@@ -10,3 +10,4 @@): context line 11 does not match: expected
///   "  int i = x;" (diff line 14), source has "  int j = x;"
/// Accepts an optional `diff --git`/`---`/`+++` preamble for one file; a diff
/// touching several files is an error.
llvm::Expected<PatchResult> applyUnifiedDiff(llvm::StringRef original, llvm::StringRef diff,
                                             const PatchOptions &options = {});

} // namespace kfix::llm

#endif
