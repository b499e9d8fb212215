//===- UtilsTest.cpp - tests of the pass helpers ---------------------------===//
#include "kfix/Transforms/Utils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;

TEST(LocMatches, LineColAndFileSuffix) {
  MLIRContext ctx;
  Location loc = FileLineColLoc::get(&ctx, "/tmp/task/softmax.cu", 14, 3);
  EXPECT_TRUE(kfix::locMatches(loc, ""));
  EXPECT_TRUE(kfix::locMatches(loc, "14"));
  EXPECT_TRUE(kfix::locMatches(loc, "14:3"));
  EXPECT_FALSE(kfix::locMatches(loc, "14:4"));
  EXPECT_TRUE(kfix::locMatches(loc, "softmax.cu:14"));
  EXPECT_TRUE(kfix::locMatches(loc, "softmax.cu:14:3"));
  EXPECT_FALSE(kfix::locMatches(loc, "other.cu:14"));
  EXPECT_FALSE(kfix::locMatches(loc, "15"));
  EXPECT_FALSE(kfix::locMatches(loc, "softmax.cu"));
}

TEST(LocMatches, LooksThroughFusedAndNamedLocations) {
  MLIRContext ctx;
  Location inner = FileLineColLoc::get(&ctx, "k.cu", 7, 9);
  Location named = NameLoc::get(StringAttr::get(&ctx, "acc"), inner);
  Location fused = FusedLoc::get(&ctx, {UnknownLoc::get(&ctx), named});
  EXPECT_EQ(kfix::formatLoc(fused), "k.cu:7:9");
  EXPECT_TRUE(kfix::locMatches(fused, "k.cu:7"));
  EXPECT_EQ(kfix::formatLoc(UnknownLoc::get(&ctx)), "?");
}
