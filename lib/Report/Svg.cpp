//===- Svg.cpp - mismatch heat maps ---------------------------------------===//
#include "kfix/Report/Report.h"

#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cmath>

using namespace kfix;

/// Correct cells are light grey-green; errors go from yellow (just over the
/// tolerance) to dark red (1e6 x the tolerance, log scale); unwritten or
/// non-finite cells are purple.
static std::string cellColor(float v) {
  if (std::isnan(v))
    return "#7b2cbf";
  if (v <= 0)
    return "#e8f0e8";
  double t = std::clamp(std::log10(1.0 + v) / 6.0, 0.0, 1.0);
  int r = static_cast<int>(255 - 95 * t);
  int g = static_cast<int>(220 * (1 - t));
  int b = static_cast<int>(60 * (1 - t));
  return llvm::formatv("#{0:x-2}{1:x-2}{2:x-2}", r, g, b).str();
}

std::string kfix::renderMismatchSVG(const MismatchGrid &grid, unsigned maxCells) {
  int64_t rows = std::max<int64_t>(grid.rows, 1), cols = std::max<int64_t>(grid.cols, 1);
  int64_t outRows = std::min<int64_t>(rows, maxCells), outCols = std::min<int64_t>(cols, maxCells);
  // Worst element of each bucket: a single wrong element stays visible.
  std::vector<float> cells(outRows * outCols, 0.0f);
  std::vector<int64_t> wrong(outRows * outCols, 0);
  int64_t totalWrong = 0;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      int64_t i = r * cols + c;
      if (i >= (int64_t)grid.cells.size())
        break;
      float v = grid.cells[i];
      int64_t br = r * outRows / rows, bc = c * outCols / cols;
      float &slot = cells[br * outCols + bc];
      if (std::isnan(v) || v > 0) {
        ++totalWrong;
        ++wrong[br * outCols + bc];
      }
      if (std::isnan(slot))
        continue;
      if (std::isnan(v) || v > slot)
        slot = v;
    }
  const int cw = std::max<int>(2, 600 / outCols),
            ch = std::max<int>(2, std::min<int>(600 / outRows, 24));
  const int left = 60, top = 40, width = left + cw * outCols + 20, height = top + ch * outRows + 70;
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                      "viewBox=\"0 0 {0} {1}\" font-family=\"monospace\" font-size=\"11\">\n",
                      width, height);
  os << "<title>" << htmlEscape(grid.title) << "</title>\n";
  os << llvm::formatv("<text x=\"{0}\" y=\"16\" font-size=\"13\">{1}</text>\n", left,
                      htmlEscape(grid.title));
  double frac = grid.cells.empty() ? 0 : double(totalWrong) / grid.cells.size();
  os << llvm::formatv("<text x=\"{0}\" y=\"31\">{1} of {2} elements wrong ({3:P2}); "
                      "{4} x {5} grid{6}</text>\n",
                      left, totalWrong, grid.cells.size(), frac, grid.rows, grid.cols,
                      (outRows < rows || outCols < cols) ? ", downsampled (worst per cell)" : "");
  for (int64_t r = 0; r < outRows; ++r)
    for (int64_t c = 0; c < outCols; ++c) {
      float v = cells[r * outCols + c];
      os << llvm::formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" fill=\"{4}\"/>",
                          left + c * cw, top + r * ch, cw, ch, cellColor(v));
    }
  os << "\n";
  // Axes: row and column index ticks at the corners.
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\">row 0</text>\n", left - 4,
                      top + 10);
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\">{2}</text>\n", left - 4,
                      top + ch * outRows, rows - 1);
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\">col 0</text>\n", left, top + ch * outRows + 14);
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\">{2}</text>\n",
                      left + cw * outCols, top + ch * outRows + 14, cols - 1);
  // Legend.
  int ly = top + ch * outRows + 30;
  struct Item {
    const char *label;
    float v;
  } items[] = {{"correct", 0},
               {"just over tolerance", 0.5f},
               {"1000x tolerance", 1000},
               {"1e6x tolerance", 1e6f},
               {"never written / NaN", NAN}};
  int lx = left;
  for (auto &it : items) {
    os << llvm::formatv("<rect x=\"{0}\" y=\"{1}\" width=\"12\" height=\"12\" fill=\"{2}\" "
                        "stroke=\"#999\"/><text x=\"{3}\" y=\"{4}\">{5}</text>\n",
                        lx, ly, cellColor(it.v), lx + 16, ly + 10, it.label);
    lx += 16 + 8 * (int)std::string(it.label).size() + 12;
  }
  os << "</svg>\n";
  return s;
}
