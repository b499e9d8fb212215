//===- ActionLimitsTest.cpp - LLM replies found by fuzz/ ------------------===//
//
// Replies that overflowed the stack or took a minute before the fix.
//
//===----------------------------------------------------------------------===//
#include "kfix/LLM/Action.h"

#include "gtest/gtest.h"

#include <chrono>

using namespace kfix::llm;

TEST(ActionLimits, ManyUnbalancedBracesAreQuick) {
  // Every '{' was a candidate scanned to the end: quadratic (a minute for 60 KB).
  auto start = std::chrono::steady_clock::now();
  auto r = extractJSONObject(std::string(60000, '{'));
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_FALSE(bool(r));
  std::string msg = llvm::toString(r.takeError());
  EXPECT_NE(msg.find("too many unbalanced or malformed '{'"), std::string::npos) << msg;
  EXPECT_LT(s, 5.0);
}

TEST(ActionLimits, DeeplyNestedArray) {
  std::string reply = "{\"action\": " + std::string(50000, '[') + std::string(50000, ']') + "}";
  ActionSchema schema;
  auto a = parseAction(reply, schema);
  ASSERT_FALSE(bool(a));
  std::string msg = llvm::toString(a.takeError());
  EXPECT_NE(msg.find("nested more than 256 deep"), std::string::npos) << msg;
}

TEST(ActionLimits, ObjectAfterProseWithBracesStillFound) {
  ActionSchema schema;
  std::string reply = "Consider { this and { that.\n{\"action\": \"give_up\", \"reason\": \"r\"}";
  auto a = parseAction(reply, schema);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->kind, ActionKind::GiveUp);
}
