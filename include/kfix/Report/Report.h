//===- Report.h - rendering findings for people: SVG, HTML, diffs -*- C++ -*-===//
#ifndef KFIX_REPORT_REPORT_H
#define KFIX_REPORT_REPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace kfix {

/// Where an output's elements are wrong, as a rows x cols grid (a 1-D output
/// is shown as rows of `cols` elements). Per element: 0 = correct, > 0 = the
/// error relative to the tolerance (|out - ref| / (atol + rtol*|ref|)), NaN =
/// never written (still holds the poison value) or NaN/Inf where the reference
/// is finite.
struct MismatchGrid {
  std::string title; ///< e.g. "y  (R=3, C=4099, seed 0)"
  int64_t rows = 0, cols = 0;
  std::vector<float> cells;
};

/// A heat map of a grid as a self-contained SVG (downsampled to at most
/// `maxCells` per side by taking the worst element of each bucket).
std::string renderMismatchSVG(const MismatchGrid &grid, unsigned maxCells = 200);

/// A unified diff (3 lines of context) between two texts.
std::string unifiedDiff(llvm::StringRef a, llvm::StringRef b, llvm::StringRef nameA,
                        llvm::StringRef nameB);

/// One finding anchored in the source, for the HTML page.
struct SourceNote {
  unsigned line = 0;
  std::string kind; ///< e.g. "race-shared", "out-of-bounds"
  std::string message;
};

struct HtmlSection {
  std::string heading;
  std::string html; ///< already-escaped HTML (SVGs, tables)
};

/// A standalone HTML page: a title, summary lines, the source with notes next
/// to their lines, and extra sections (maps, diffs).
std::string renderHtmlPage(llvm::StringRef title, const std::vector<std::string> &summary,
                           llvm::StringRef sourceName, llvm::StringRef source,
                           const std::vector<SourceNote> &notes,
                           const std::vector<HtmlSection> &sections);

std::string htmlEscape(llvm::StringRef s);

/// Writes `contents` to `path` atomically (a temporary file renamed over it).
/// Refuses to write over a path in `protect` (the user's own files).
llvm::Error writeOutputFile(llvm::StringRef path, llvm::StringRef contents,
                            const std::vector<std::string> &protect = {});

} // namespace kfix

#endif
