//===- DebugVerdictTest.cpp - the names of `kfix debug`'s verdicts --------===//
#include "kfix/Agent/Debug.h"

#include "gtest/gtest.h"

using namespace kfix;

TEST(DebugVerdict, NamesRoundTrip) {
  for (DebugVerdict v : {DebugVerdict::Repaired, DebugVerdict::AlreadyPassing,
                         DebugVerdict::NotRepaired, DebugVerdict::Error, DebugVerdict::NotVerified})
    EXPECT_EQ(parseDebugVerdict(toString(v)), v);
  EXPECT_EQ(toString(DebugVerdict::AlreadyPassing), "already-passing");
  EXPECT_EQ(toString(DebugVerdict::NotRepaired), "not-repaired");
  EXPECT_FALSE(parseDebugVerdict("crash").has_value());
}
