//===- YamlLimitsTest.cpp - KB YAML inputs found by fuzz/ -----------------===//
#include "kfix/KB/KnowledgeBase.h"

#include "gtest/gtest.h"

using namespace kfix;

static std::string yamlError(const std::string &text) {
  auto j = yamlToJson(text, "entry.yaml");
  if (j)
    return "";
  return llvm::toString(j.takeError());
}

TEST(YamlLimits, EmptyExplicitKey) {
  // `? ` with no key: the key node has no position and reporting it read
  // out of bounds in the SourceMgr (SEGV; found by the kb fuzz target).
  std::string msg = yamlError("iafter: ? nvert]ed\xadto float (");
  EXPECT_FALSE(msg.empty());
  EXPECT_EQ(msg.rfind("entry.yaml", 0), 0u) << msg;
  msg = yamlError("a:\n  ? \n  : 1\n");
  EXPECT_NE(msg.find("mapping keys must be plain scalars"), std::string::npos) << msg;
}

TEST(YamlLimits, DeepFlowNesting) {
  std::string msg = yamlError(std::string(20000, '['));
  EXPECT_NE(msg.find("entry.yaml:1:65: nested more than 64 levels deep"), std::string::npos) << msg;
}

TEST(YamlLimits, DeepBlockNesting) {
  std::string text;
  for (int i = 0; i < 100; ++i)
    text += std::string(i, ' ') + "a:\n";
  std::string msg = yamlError(text);
  EXPECT_NE(msg.find("nested more than 64 levels deep"), std::string::npos) << msg;
}
