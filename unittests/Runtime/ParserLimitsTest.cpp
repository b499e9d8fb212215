//===- ParserLimitsTest.cpp - inputs found by fuzz/ that crashed the parsers ===//
//
// Each test is an input that overflowed the stack (or took minutes) before the
// fix; now it is an error that says what is wrong (docs/fuzzing.md).
//
//===----------------------------------------------------------------------===//
#include "kfix/Runtime/Expr.h"
#include "kfix/Runtime/Manifest.h"
#include "kfix/Support/BoundedJSON.h"

#include "gtest/gtest.h"

using namespace kfix;

static std::string exprError(const std::string &text) {
  auto e = Expr::parse(text);
  if (e)
    return "";
  return llvm::toString(e.takeError());
}

TEST(ParserLimits, ExprDeepParentheses) {
  std::string deep = std::string(20000, '(') + "N" + std::string(20000, ')');
  std::string msg = exprError(deep);
  EXPECT_NE(msg.find("nested too deeply"), std::string::npos) << msg;
  // The message quotes the start of the text only.
  EXPECT_LT(msg.size(), 400u) << msg;
}

TEST(ParserLimits, ExprDeepUnaryMinus) {
  std::string msg = exprError(std::string(100000, '-') + "N");
  EXPECT_NE(msg.find("nested too deeply"), std::string::npos) << msg;
}

TEST(ParserLimits, ExprLongChainIsBounded) {
  // Left-associative: the tree is as deep as the chain is long, and evaluation
  // recursed once per operation (100000 overflowed the stack).
  std::string chain = "N";
  for (int i = 0; i < 100000; ++i)
    chain += "+N";
  std::string msg = exprError(chain);
  EXPECT_NE(msg.find("too deep"), std::string::npos) << msg;
  // A realistic length still parses and evaluates.
  std::string ok = "N";
  for (int i = 0; i < 150; ++i)
    ok += "+N";
  auto e = Expr::parse(ok);
  ASSERT_TRUE(bool(e)) << llvm::toString(e.takeError());
  Bindings b;
  b["N"] = Scalar::ofInt(2);
  auto v = e->evalInt(b);
  ASSERT_TRUE(bool(v));
  EXPECT_EQ(*v, 302);
}

TEST(ParserLimits, ManifestDeepJSON) {
  auto t = parseManifestText(std::string(100000, '['), "task.json", "/nonexistent", false);
  ASSERT_FALSE(bool(t));
  std::string msg = llvm::toString(t.takeError());
  EXPECT_NE(msg.find("task.json: invalid JSON: arrays and objects nested more than 256 deep"),
            std::string::npos)
      << msg;
}

TEST(ParserLimits, BoundedJSONKeepsStrings) {
  // Brackets inside strings do not count.
  std::string s = "{\"a\": \"" + std::string(1000, '[') + "\"}";
  auto v = parseBoundedJSON(s);
  ASSERT_TRUE(bool(v)) << llvm::toString(v.takeError());
  EXPECT_EQ(findJSONDepthExcess("[[[]]]", 3), llvm::StringRef::npos);
  EXPECT_EQ(findJSONDepthExcess("[[[[]]]]", 3), 3u);
}
