//===- SignatureTest.cpp - failure signatures of synthetic mismatches ------===//
#include "kfix/Diagnose/Signature.h"

#include "gtest/gtest.h"
#include <algorithm>
#include <cmath>

using namespace kfix::sig;

namespace {

std::vector<double> ramp(int64_t n) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = 1.0 + 0.3 * double((i * 37) % 101) + 0.01 * double(i);
  return v;
}

/// A case whose candidate equals the reference except where `bad(i)`, where
/// it is `wrong(i, ref)`.
template <typename Bad, typename Wrong>
OutputCase makeCase(int64_t n, Bad bad, Wrong wrong, std::vector<int64_t> shape = {}) {
  OutputCase oc;
  oc.output = "y";
  oc.sizes = {{"N", n}};
  oc.shape = shape.empty() ? std::vector<int64_t>{n} : shape;
  oc.reference = ramp(n);
  oc.candidate = oc.reference;
  for (int64_t i = 0; i < n; ++i)
    if (bad(i))
      oc.candidate[i] = wrong(i, oc.reference[i]);
  return oc;
}

double garbage(int64_t i, double) { return 1000.0 + double((i * 7919) % 613); }

bool hasTag(const Signature &s, const std::string &tag) {
  return std::find(s.tags.begin(), s.tags.end(), tag) != s.tags.end();
}

Signature classifyOne(OutputCase oc, std::array<int64_t, 3> block) {
  SignatureInput in;
  in.cases.push_back(std::move(oc));
  in.block = block;
  return classifyFailure(in);
}

TEST(Signature, NoMismatch) {
  Signature s = classifyOne(makeCase(100, [](int64_t) { return false; }, garbage), {32, 1, 1});
  EXPECT_EQ(s.mismatches, 0);
  EXPECT_EQ(s.pattern, "none");
  EXPECT_TRUE(s.tags.empty());
  EXPECT_EQ(s.passingSizes.size(), 1u);
}

TEST(Signature, TailAndLastPartialBlock) {
  Signature tail =
      classifyOne(makeCase(1000, [](int64_t i) { return i >= 900; }, garbage), {100, 1, 1});
  EXPECT_EQ(tail.pattern, "tail");
  EXPECT_EQ(tail.cases[0].pattern.k, 900);
  EXPECT_DOUBLE_EQ(tail.mismatchFraction, 0.1);
  Signature partial =
      classifyOne(makeCase(1000, [](int64_t i) { return i >= 768; }, garbage), {256, 1, 1});
  EXPECT_EQ(partial.pattern, "last-partial-block");
  EXPECT_EQ(partial.cases[0].pattern.k, 768);
  EXPECT_TRUE(hasTag(partial, "pattern:partial-block"));
}

TEST(Signature, PeriodicWithTheBlock) {
  // The last warp of every 256-thread block is wrong.
  Signature s =
      classifyOne(makeCase(1024, [](int64_t i) { return i % 256 >= 224; }, garbage), {256, 1, 1});
  EXPECT_EQ(s.pattern, "periodic");
  EXPECT_EQ(s.cases[0].pattern.period, 256);
  EXPECT_EQ(s.cases[0].pattern.which.front(), 224);
  EXPECT_EQ(s.cases[0].pattern.whichCount, 32);
  EXPECT_TRUE(hasTag(s, "pattern:block-periodic"));
}

TEST(Signature, ParticularBlocks) {
  Signature s = classifyOne(
      makeCase(1024, [](int64_t i) { return i / 128 == 1 || i / 128 == 6; }, garbage), {128, 1, 1});
  EXPECT_EQ(s.pattern, "blocks");
  EXPECT_EQ(s.cases[0].pattern.period, 128);
  EXPECT_EQ(s.cases[0].pattern.which, (std::vector<int64_t>{1, 6}));
}

TEST(Signature, RowsColumnsAndColumnTail) {
  Signature rows = classifyOne(
      makeCase(8 * 16, [](int64_t i) { return i / 16 == 2 || i / 16 == 5; }, garbage, {8, 16}),
      {16, 1, 1});
  EXPECT_EQ(rows.pattern, "rows");
  EXPECT_EQ(rows.cases[0].pattern.which, (std::vector<int64_t>{2, 5}));
  Signature cols = classifyOne(
      makeCase(8 * 16, [](int64_t i) { return i % 16 == 3; }, garbage, {8, 16}), {16, 1, 1});
  EXPECT_EQ(cols.pattern, "columns");
  Signature ctail = classifyOne(
      makeCase(4 * 100, [](int64_t i) { return i % 100 >= 96; }, garbage, {4, 100}), {32, 1, 1});
  EXPECT_EQ(ctail.pattern, "column-tail");
  EXPECT_EQ(ctail.cases[0].pattern.k, 96);
  EXPECT_TRUE(hasTag(ctail, "pattern:partial-block"));
}

TEST(Signature, EverythingFirstKCorrectAndScattered) {
  Signature all = classifyOne(makeCase(500, [](int64_t) { return true; }, garbage), {64, 1, 1});
  EXPECT_EQ(all.pattern, "everything");
  Signature firstK = classifyOne(
      makeCase(1000, [](int64_t i) { return i >= 500 && (i * 37) % 5 == 0; }, garbage), {64, 1, 1});
  EXPECT_EQ(firstK.pattern, "first-k-correct");
  EXPECT_EQ(firstK.cases[0].pattern.k, 500);
  Signature scattered = classifyOne(
      makeCase(1000, [](int64_t i) { return (i * 7919) % 23 == 5; }, garbage), {64, 1, 1});
  EXPECT_EQ(scattered.pattern, "scattered");
  EXPECT_EQ(scattered.magnitude, "unrelated");
}

TEST(Signature, MagnitudeRelations) {
  auto all = [](int64_t) { return true; };
  auto rel = [&](auto wrong) {
    return classifyOne(makeCase(256, all, wrong), {64, 1, 1}).cases[0].magnitude;
  };
  MagnitudeRelation twice = rel([](int64_t, double r) { return 2 * r; });
  EXPECT_EQ(twice.kind, "factor");
  EXPECT_NEAR(twice.factor, 2.0, 1e-9);
  EXPECT_EQ(rel([](int64_t, double r) { return -r; }).kind, "sign-flip");
  MagnitudeRelation off = rel([](int64_t, double r) { return r + 3; });
  EXPECT_EQ(off.kind, "offset");
  EXPECT_NEAR(off.offset, 3.0, 1e-9);
  EXPECT_EQ(rel([](int64_t, double) { return 0.0; }).kind, "zero");
  MagnitudeRelation aff = rel([](int64_t, double r) { return 3 * r - 1; });
  EXPECT_EQ(aff.kind, "affine");
  EXPECT_NEAR(aff.factor, 3.0, 1e-9);
  // Off by one: y[i] holds the reference of element i+1.
  OutputCase shifted = makeCase(256, all, garbage);
  for (int64_t i = 0; i + 1 < 256; ++i)
    shifted.candidate[i] = shifted.reference[i + 1];
  MagnitudeRelation sh = classifyOne(shifted, {64, 1, 1}).cases[0].magnitude;
  EXPECT_EQ(sh.kind, "shifted");
  EXPECT_EQ(sh.shift, 1);
  // A 6x10 output holding the 10x6 transpose.
  OutputCase tr = makeCase(60, all, garbage, {6, 10});
  for (int64_t f = 0; f < 60; ++f)
    tr.candidate[f] = tr.reference[(f % 6) * 10 + f / 6];
  EXPECT_EQ(classifyOne(tr, {64, 1, 1}).cases[0].magnitude.kind, "transposed");
}

TEST(Signature, NanInfAndUnwritten) {
  OutputCase oc = makeCase(
      100, [](int64_t i) { return i >= 90; },
      [](int64_t i, double) { return i == 90 ? INFINITY : NAN; });
  oc.unwritten.assign(100, 0);
  for (int64_t i = 91; i < 100; ++i)
    oc.unwritten[i] = 1;
  Signature s = classifyOne(oc, {10, 1, 1});
  EXPECT_EQ(s.cases[0].nanCandidate, 9);
  EXPECT_EQ(s.cases[0].infCandidate, 1);
  EXPECT_EQ(s.cases[0].unwritten, 9);
  EXPECT_EQ(s.mismatches, 10);
  EXPECT_TRUE(hasTag(s, "nan"));
  EXPECT_TRUE(hasTag(s, "inf"));
  EXPECT_TRUE(hasTag(s, "unwritten"));
  // JSON has no NaN: numbers that are not finite become strings.
  std::string text;
  llvm::raw_string_ostream os(text);
  os << s.toJSON();
  EXPECT_EQ(text.find("nan,"), std::string::npos);
  auto parsed = llvm::json::parse(text);
  bool ok = static_cast<bool>(parsed);
  if (!ok)
    llvm::consumeError(parsed.takeError());
  EXPECT_TRUE(ok) << text;
}

TEST(Signature, OnlyMultiplesOfTheBlockPass) {
  SignatureInput in;
  in.block = {256, 1, 1};
  for (int64_t n : {256, 512, 300, 1000, 1024}) {
    in.cases.push_back(
        makeCase(n, [n](int64_t i) { return n % 256 != 0 && i >= (n / 256) * 256; }, garbage));
  }
  Signature s = classifyFailure(in);
  EXPECT_EQ(s.passingSizes.size(), 3u);
  EXPECT_EQ(s.failingSizes.size(), 2u);
  ASSERT_FALSE(s.sizeRules.empty());
  EXPECT_EQ(s.sizeRules[0], "N % 256 == 0 passes");
  EXPECT_TRUE(hasTag(s, "sizes:multiple-of-block-pass"));
  EXPECT_TRUE(hasTag(s, "sizes:some-pass"));
  EXPECT_EQ(s.pattern, "last-partial-block");
}

TEST(Signature, SmallSizesPass) {
  SignatureInput in;
  in.block = {128, 1, 1};
  for (int64_t n : {100, 200, 400, 800})
    in.cases.push_back(makeCase(n, [n](int64_t i) { return n > 300 && i % 3 == 0; }, garbage));
  Signature s = classifyFailure(in);
  EXPECT_TRUE(hasTag(s, "sizes:small-pass"));
  EXPECT_NE(std::find(s.sizeRules.begin(), s.sizeRules.end(), "N <= 200 passes, N >= 400 fails"),
            s.sizeRules.end());
}

TEST(Signature, PrecisionGrowsWithReductionLength) {
  SignatureInput in;
  in.block = {256, 1, 1};
  for (int64_t k : {64, 256, 1024, 4096}) {
    // f16-like accumulation: relative error ~ 1e-4 * sqrt(K), alternating sign.
    double e = 1e-4 * std::sqrt(double(k));
    OutputCase oc = makeCase(
        512, [](int64_t) { return true; },
        [e](int64_t i, double r) { return r * (1 + ((i % 2) ? e : -e) * (1 + (i % 5) * 0.1)); });
    oc.sizes = {{"N", 512}, {"K", k}};
    oc.reductionLength = k;
    oc.rtol = 1e-5;
    in.cases.push_back(std::move(oc));
  }
  in.nondeterministic = true;
  Signature s = classifyFailure(in);
  EXPECT_EQ(s.magnitude, "close");
  EXPECT_TRUE(hasTag(s, "precision:grows-with-size"));
  EXPECT_TRUE(hasTag(s, "precision:low-precision-accumulation"));
  EXPECT_NE(std::find(s.precision.begin(), s.precision.end(), "grows-with:K"), s.precision.end());
  EXPECT_TRUE(hasTag(s, "nondeterministic"));
  EXPECT_TRUE(hasTag(s, "sizes:all-fail"));
}

TEST(Signature, GivenMaskWinsAndLengthsMayDiffer) {
  OutputCase oc = makeCase(10, [](int64_t) { return false; }, garbage);
  oc.mismatch.assign(10, 0);
  oc.mismatch[9] = 1;
  oc.candidate.resize(8); // shorter: compared over the common prefix
  Signature s = classifyOne(oc, {0, 0, 0});
  EXPECT_EQ(s.total, 8);
  EXPECT_EQ(s.mismatches, 0);
}

} // namespace
