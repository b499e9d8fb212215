//===- ReportTest.cpp - SVG maps, diffs, atomic writes ----------------------===//
#include "kfix/Report/Report.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace kfix;

TEST(Report, SvgCountsAndColorsWrongCells) {
  MismatchGrid g;
  g.title = "y <R=2>";
  g.rows = 2;
  g.cols = 4;
  g.cells = {0, 0, 0, 5, 0, 0, NAN, 0};
  std::string svg = renderMismatchSVG(g);
  EXPECT_NE(svg.find("2 of 8 elements wrong"), std::string::npos);
  EXPECT_NE(svg.find("y &lt;R=2&gt;"), std::string::npos); // escaped title
  EXPECT_NE(svg.find("#7b2cbf"), std::string::npos);       // the unwritten cell
  EXPECT_EQ(svg.find("downsampled"), std::string::npos);
}

TEST(Report, SvgDownsamplingKeepsASingleError) {
  MismatchGrid g;
  g.rows = 1000;
  g.cols = 1000;
  g.cells.assign(1000 * 1000, 0);
  g.cells[999 * 1000 + 999] = 1e3;
  std::string svg = renderMismatchSVG(g, 100);
  EXPECT_NE(svg.find("downsampled"), std::string::npos);
  EXPECT_NE(svg.find("1 of 1000000 elements wrong"), std::string::npos);
  // Exactly one non-correct rect (excluding the legend's swatches).
  size_t rects = 0, pos = 0;
  while ((pos = svg.find("fill=\"#e8f0e8\"/>", pos)) != std::string::npos) {
    ++rects;
    ++pos;
  }
  EXPECT_EQ(rects, 100u * 100u - 1u);
}

TEST(Report, UnifiedDiff) {
  std::string d = unifiedDiff("a\nb\nc\nd\ne\nf\ng\nh\ni\n", "a\nb\nc\nd\nE\nf\ng\nh\ni\n", "k.cu",
                              "repaired.cu");
  EXPECT_NE(d.find("--- k.cu\n+++ repaired.cu\n"), std::string::npos);
  EXPECT_NE(d.find("@@ -2,7 +2,7 @@"), std::string::npos) << d;
  EXPECT_NE(d.find("-e\n+E\n"), std::string::npos);
  EXPECT_EQ(unifiedDiff("x\n", "x\n", "a", "b"), "--- a\n+++ b\n");
}

TEST(Report, AtomicWriteRefusesInputs) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kfix-report", dir));
  std::string input = (dir + "/kernel.cu").str();
  ASSERT_FALSE(!!writeOutputFile(input, "original"));
  llvm::Error e = writeOutputFile(input, "clobber", {input});
  ASSERT_TRUE(!!e);
  llvm::consumeError(std::move(e));
  auto buf = llvm::MemoryBuffer::getFile(input);
  ASSERT_TRUE(!!buf);
  EXPECT_EQ((*buf)->getBuffer(), "original");
  ASSERT_FALSE(!!writeOutputFile((dir + "/out/sub/r.json").str(), "{}"));
  llvm::sys::fs::remove_directories(dir);
}

TEST(Report, HtmlPageAnnotatesLines) {
  std::string html = renderHtmlPage("t", {"one"}, "k.cu", "int a;\nint b;\n",
                                    {{2, "race-shared", "read before <write>"}}, {});
  EXPECT_NE(html.find("<tr class=\"hit\" id=\"L2\">"), std::string::npos);
  EXPECT_NE(html.find("read before &lt;write&gt;"), std::string::npos);
}
