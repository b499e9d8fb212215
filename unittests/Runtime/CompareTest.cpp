//===- CompareTest.cpp - comparison semantics -----------------------------===//
#include "kfix/Runtime/Compare.h"
#include "kfix/Runtime/Inputs.h"

#include "gtest/gtest.h"
#include <cmath>

using namespace kfix;

static Buffer make(DType t, std::vector<int64_t> shape, std::vector<double> v) {
  Buffer b(t, std::move(shape));
  for (size_t i = 0; i < v.size(); ++i)
    b.set(i, v[i]);
  return b;
}

TEST(Compare, Tolerance) {
  Tolerance tol{1e-3, 1e-2};
  EXPECT_TRUE(elementMatches(1.0, 1.0, tol));
  EXPECT_TRUE(elementMatches(100.5, 100.0, {0, 1e-2}));  // 0.5 <= 1.0
  EXPECT_FALSE(elementMatches(101.5, 100.0, {0, 1e-2})); // 1.5 > 1.0
  EXPECT_TRUE(elementMatches(0.0009, 0.0, {1e-3, 0}));
  EXPECT_FALSE(elementMatches(0.0011, 0.0, {1e-3, 0}));
  // The relative term scales with the reference, not the candidate.
  EXPECT_FALSE(elementMatches(200.0, 100.0, {0, 0.6}));
  EXPECT_TRUE(elementMatches(100.0, 200.0, {0, 0.6}));
  EXPECT_TRUE(elementMatches(-1.0, -1.005, tol));
}

TEST(Compare, NaNAndInfinity) {
  Tolerance tol{1e-5, 1e-4};
  EXPECT_TRUE(elementMatches(NAN, NAN, tol));
  EXPECT_FALSE(elementMatches(NAN, 1.0, tol));
  EXPECT_FALSE(elementMatches(1.0, NAN, tol));
  EXPECT_TRUE(elementMatches(INFINITY, INFINITY, tol));
  EXPECT_FALSE(elementMatches(-INFINITY, INFINITY, tol));
  EXPECT_FALSE(elementMatches(INFINITY, 1e308, {INFINITY, 0}));
  EXPECT_FALSE(elementMatches(1e308, INFINITY, {1e300, 1e300}));
  EXPECT_FALSE(elementMatches(NAN, INFINITY, tol));
}

TEST(Compare, StatsAndFirstMismatches) {
  Buffer want = make(DType::f32, {2, 3}, {1, 2, 3, 4, 5, NAN});
  Buffer got = make(DType::f32, {2, 3}, {1, 2.5, 3, 4, 5.00001, NAN});
  CompareStats s = compareBuffers(got, want, {1e-4, 1e-4}, false, 10, true);
  EXPECT_EQ(s.numel, 6);
  EXPECT_EQ(s.mismatches, 1);
  EXPECT_DOUBLE_EQ(s.maxAbsErr, 0.5);
  EXPECT_DOUBLE_EQ(s.maxRelErr, 0.25);
  EXPECT_EQ(s.maxAbsAt, 1);
  ASSERT_EQ(s.first.size(), 1u);
  EXPECT_EQ(s.first[0].index, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(s.first[0].got, 2.5);
  EXPECT_EQ(s.first[0].want, 2.0);
  ASSERT_EQ(s.mask.size(), 6u);
  EXPECT_TRUE(s.mask[1]);
  EXPECT_FALSE(s.mask[0]);
  // A NaN where the reference is finite is a mismatch, counted as non-finite.
  got.set(0, NAN);
  s = compareBuffers(got, want, {1e-4, 1e-4}, false, 1);
  EXPECT_EQ(s.mismatches, 2);
  EXPECT_EQ(s.nonFiniteMismatches, 1);
  EXPECT_EQ(s.first.size(), 1u);
  EXPECT_EQ(s.first[0].linear, 0);
}

TEST(Compare, PoisonIsReportedAsUnwritten) {
  Buffer want = make(DType::f32, {4}, {1, 2, 3, 4});
  Buffer got(DType::f32, {4});
  poison(got);
  got.set(0, 1);
  got.set(1, 2);
  EXPECT_TRUE(isPoisoned(got, 2));
  EXPECT_FALSE(isPoisoned(got, 1));
  EXPECT_TRUE(std::isnan(got.get(3)));
  CompareStats s = compareBuffers(got, want, {1e-5, 1e-5}, false);
  EXPECT_EQ(s.mismatches, 2);
  EXPECT_EQ(s.unwritten, 2);
  EXPECT_TRUE(s.first[0].unwritten);
  Buffer ints(DType::i32, {2});
  poison(ints);
  EXPECT_EQ(ints.getInt(0), 0x5A5A5A5A);
  for (DType t : {DType::f64, DType::f16, DType::bf16}) {
    Buffer b(t, {1});
    poison(b);
    EXPECT_TRUE(std::isnan(b.get(0))) << dtypeName(t).str();
  }
}

TEST(Compare, IntegersAreExact) {
  Buffer want(DType::i64, {2});
  Buffer got(DType::i64, {2});
  // Differ by 1 above 2^53, where doubles cannot tell them apart.
  want.setInt(0, (int64_t(1) << 60) + 1);
  got.setInt(0, (int64_t(1) << 60));
  CompareStats s = compareBuffers(got, want, {0, 0}, /*exact=*/true);
  EXPECT_EQ(s.mismatches, 1);
  // With a tolerance (per_param) integers compare numerically.
  Buffer a = make(DType::i32, {1}, {10}), b = make(DType::i32, {1}, {11});
  EXPECT_EQ(compareBuffers(a, b, {0, 0}, true).mismatches, 1);
  EXPECT_EQ(compareBuffers(a, b, {1, 0}, false).mismatches, 0);
}

TEST(Compare, Bitwise) {
  Buffer a = make(DType::f32, {3}, {1, -0.0, 3});
  Buffer b = make(DType::f32, {3}, {1, 0.0, 3});
  EXPECT_EQ(countBitwiseDifferences(a, b), 1);
  EXPECT_EQ(countBitwiseDifferences(a, a), 0);
  EXPECT_EQ(unflattenIndex(7, {2, 3, 4}), (std::vector<int64_t>{0, 1, 3}));
}
