//===- PatchTest.cpp - tests of the in-memory unified-diff applier --------===//
#include "kfix/LLM/Patch.h"

#include "gtest/gtest.h"

using namespace kfix::llm;

static const char *kSource = "line1\nline2\nline3\nline4\nline5\nline6\n";

static std::string applyOK(llvm::StringRef src, llvm::StringRef diff, PatchOptions o = {}) {
  llvm::Expected<PatchResult> r = applyUnifiedDiff(src, diff, o);
  if (!r) {
    ADD_FAILURE() << llvm::toString(r.takeError());
    return "";
  }
  return r->text;
}

static std::string applyErr(llvm::StringRef src, llvm::StringRef diff, PatchOptions o = {}) {
  llvm::Expected<PatchResult> r = applyUnifiedDiff(src, diff, o);
  if (r) {
    ADD_FAILURE() << "expected an error, got:\n" << r->text;
    return "";
  }
  return llvm::toString(r.takeError());
}

TEST(Patch, ReplacesWithHeaders) {
  EXPECT_EQ(applyOK(kSource, "--- a/k.cu\n+++ b/k.cu\n@@ -2,3 +2,3 @@\n line2\n-line3\n+LINE3\n"
                             " line4\n"),
            "line1\nline2\nLINE3\nline4\nline5\nline6\n");
}

TEST(Patch, SeveralHunksShiftLaterOnes) {
  EXPECT_EQ(applyOK(kSource, "@@ -1,2 +1,3 @@\n line1\n+inserted\n line2\n"
                             "@@ -5,2 +6,1 @@\n-line5\n line6\n"),
            "line1\ninserted\nline2\nline3\nline4\nline6\n");
}

TEST(Patch, PureInsertionAndDeletion) {
  EXPECT_EQ(applyOK(kSource, "@@ -0,0 +1,1 @@\n+first\n"),
            "first\nline1\nline2\nline3\nline4\nline5\nline6\n");
  EXPECT_EQ(applyOK(kSource, "@@ -6,0 +7,1 @@\n+last\n"),
            "line1\nline2\nline3\nline4\nline5\nline6\nlast\n");
  EXPECT_EQ(applyOK("a\nb\n", "@@ -1,2 +0,0 @@\n-a\n-b\n"), "");
}

TEST(Patch, WrongLineNumbersFindTheNearestMatch) {
  llvm::Expected<PatchResult> r =
      applyUnifiedDiff(kSource, "@@ -1,2 +1,2 @@\n line4\n-line5\n+LINE5\n");
  ASSERT_TRUE(static_cast<bool>(r)) << llvm::toString(r.takeError());
  EXPECT_EQ(r->text, "line1\nline2\nline3\nline4\nLINE5\nline6\n");
  EXPECT_EQ(r->hunksOffset, 1u);
}

TEST(Patch, ContextMismatchIsPrecise) {
  std::string err = applyErr(kSource, "@@ -2,2 +2,2 @@\n line2\n-lineX\n+y\n");
  EXPECT_EQ(err, "hunk 1 (@@ -2,2 +2,2 @@): removed line 3 does not match: expected \"lineX\" "
                 "(diff line 3), source has \"line3\"; the hunk matches nowhere else");
}

TEST(Patch, PastTheEnd) {
  std::string err = applyErr("a\n", "@@ -1,2 +1,2 @@\n a\n-b\n+c\n");
  EXPECT_NE(err.find("removed line 2 \"b\" (diff line 3) is past the end of the source (1 "
                     "lines)"),
            std::string::npos)
      << err;
}

TEST(Patch, RejectsMultiFileAndGarbage) {
  EXPECT_NE(applyErr(kSource, "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-line1\n+a\n--- a/y\n+++ b/y\n"
                              "@@ -1 +1 @@\n-q\n+r\n")
                .find("more than one file"),
            std::string::npos);
  EXPECT_NE(applyErr(kSource, "no hunks here\n").find("no hunks"), std::string::npos);
  EXPECT_NE(applyErr(kSource, "@@ -1 +1 @@\n-line1\n*oops\n").find("does not start with"),
            std::string::npos);
  EXPECT_NE(applyErr(kSource, "@@ -x +1 @@\n-line1\n").find("malformed hunk header"),
            std::string::npos);
}

TEST(Patch, StrictCounts) {
  PatchOptions strict;
  strict.strictCounts = true;
  EXPECT_NE(applyErr(kSource, "@@ -1,3 +1,3 @@\n-line1\n+a\n", strict).find("header counts 3"),
            std::string::npos);
  // Lenient mode ignores the miscount.
  EXPECT_EQ(applyOK(kSource, "@@ -1,3 +1,3 @@\n-line1\n+a\n"),
            "a\nline2\nline3\nline4\nline5\nline6\n");
}

TEST(Patch, NoNewlineAtEndOfFile) {
  EXPECT_EQ(applyOK("a\nb\n", "@@ -2 +2 @@\n-b\n+c\n\\ No newline at end of file\n"), "a\nc");
  EXPECT_EQ(applyOK("a\nb", "@@ -2 +2 @@\n-b\n\\ No newline at end of file\n+c\n"), "a\nc\n");
  EXPECT_EQ(applyOK("a\nb", "@@ -1 +1 @@\n-a\n+z\n"), "z\nb");
}

TEST(Patch, TrailingWhitespaceFallback) {
  // Models often drop trailing spaces in context lines.
  EXPECT_EQ(applyOK("int x;  \nint y;\n", "@@ -1,2 +1,2 @@\n int x;\n-int y;\n+int z;\n"),
            "int x;  \nint z;\n");
}

TEST(Patch, OverlappingHunksAreRejected) {
  std::string err = applyErr(kSource, "@@ -2,1 +2,1 @@\n-line2\n+a\n@@ -2,1 +2,1 @@\n-line2\n+b\n");
  EXPECT_NE(err.find("hunk 2"), std::string::npos) << err;
}
