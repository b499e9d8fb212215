//===- TransformsTest.cpp - input transforms and output epilogues ---------===//
#include "kfix/Runtime/Transforms.h"

#include "kfix/Runtime/Inputs.h"
#include "kfix/Runtime/Manifest.h"

#include "gtest/gtest.h"
#include <cmath>

using namespace kfix;

static InputTransform op(InputTransform::Op o, int64_t dim = -1) {
  InputTransform t;
  t.op = o;
  t.dim = dim;
  return t;
}

static Buffer drawn(DType dt, std::vector<int64_t> shape, InputSpec spec, uint64_t seed = 7) {
  Buffer b(dt, std::move(shape));
  llvm::cantFail(fillInput(b, spec, seed));
  return b;
}

TEST(TransformsTest, SoftmaxRowsSumToOne) {
  InputSpec s;
  s.b = 3; // normal(0, 3)
  s.transforms = {op(InputTransform::softmax, -1)};
  Buffer b = drawn(DType::f32, {5, 37}, s);
  for (int r = 0; r < 5; ++r) {
    double sum = 0;
    for (int c = 0; c < 37; ++c) {
      double v = b.get(r * 37 + c);
      EXPECT_GT(v, 0.0);
      EXPECT_LT(v, 1.0);
      sum += v;
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
  }
}

TEST(TransformsTest, SoftmaxOverFirstDimOf3d) {
  std::vector<double> v(2 * 3 * 4);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = std::sin(double(i));
  applyTransforms(v, {2, 3, 4}, {op(InputTransform::softmax, 0)});
  for (int j = 0; j < 12; ++j)
    EXPECT_NEAR(v[j] + v[12 + j], 1.0, 1e-12);
  // dim 1 of the same shape: columns of each 3x4 slice.
  std::vector<double> w(24, 0.0);
  applyTransforms(w, {2, 3, 4}, {op(InputTransform::softmax, 1)});
  for (double x : w)
    EXPECT_NEAR(x, 1.0 / 3, 1e-12);
}

TEST(TransformsTest, LogSoftmaxExponentiatesToSoftmax) {
  std::vector<double> a = {1, 2, 3, -4, 0, 0.5}, b = a;
  applyTransforms(a, {2, 3}, {op(InputTransform::log_softmax, 1)});
  applyTransforms(b, {2, 3}, {op(InputTransform::softmax, -1)});
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_LT(a[i], 0.0);
    EXPECT_NEAR(std::exp(a[i]), b[i], 1e-12);
  }
}

TEST(TransformsTest, TriuAndTrilWithDiagonals) {
  InputSpec s;
  s.dist = InputSpec::uniform;
  s.a = 1;
  s.b = 2;
  InputTransform t = op(InputTransform::triu);
  s.transforms = {t};
  Buffer u = drawn(DType::f32, {2, 4, 5}, s); // batched: each 4x5 matrix
  for (int m = 0; m < 2; ++m)
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 5; ++c) {
        double v = u.get(m * 20 + r * 5 + c);
        if (c < r)
          EXPECT_EQ(v, 0.0);
        else
          EXPECT_GE(v, 1.0);
      }
  t.op = InputTransform::tril;
  t.diagonal = -1; // strictly lower
  std::vector<double> v(9, 1.0);
  applyTransforms(v, {3, 3}, {t});
  EXPECT_EQ(v, (std::vector<double>{0, 0, 0, 1, 0, 0, 1, 1, 0}));
  t.op = InputTransform::triu;
  t.diagonal = 1;
  std::fill(v.begin(), v.end(), 1.0);
  applyTransforms(v, {3, 3}, {t});
  EXPECT_EQ(v, (std::vector<double>{0, 1, 1, 0, 0, 1, 0, 0, 0}));
}

TEST(TransformsTest, NormalizeGivesUnitRows) {
  std::vector<double> v = {3, 4, 0, 0, 0, 0};
  applyTransforms(v, {2, 3}, {op(InputTransform::normalize, 1)});
  EXPECT_DOUBLE_EQ(v[0], 0.6);
  EXPECT_DOUBLE_EQ(v[1], 0.8);
  EXPECT_EQ(v[3], 0.0); // a zero row stays zero (eps)
  InputTransform l1 = op(InputTransform::normalize, 1);
  l1.p = 1;
  std::vector<double> w = {1, -3};
  applyTransforms(w, {1, 2}, {l1});
  EXPECT_DOUBLE_EQ(w[0], 0.25);
  EXPECT_DOUBLE_EQ(w[1], -0.75);
}

TEST(TransformsTest, ElementwiseOpsInOrder) {
  InputTransform clamp = op(InputTransform::clamp);
  clamp.min = -0.5;
  clamp.max = 0.5;
  InputTransform mul = op(InputTransform::mul);
  mul.value = 4;
  InputTransform add = op(InputTransform::add);
  add.value = 1;
  std::vector<double> v = {-2, -0.25, 0.1, 3};
  applyTransforms(v, {4}, {clamp, mul, add});
  EXPECT_EQ(v, (std::vector<double>{-1, 0, 1.4, 3}));
  std::vector<double> w = {-2, 0, 2};
  applyTransforms(w, {3}, {op(InputTransform::abs), op(InputTransform::neg)});
  EXPECT_EQ(w, (std::vector<double>{-2, 0, -2}));
  std::vector<double> s = {0, -1000, 1000};
  applyTransforms(s, {3}, {op(InputTransform::sigmoid)});
  EXPECT_EQ(s, (std::vector<double>{0.5, 0, 1}));
  std::vector<double> r = {-1, 2};
  applyTransforms(r, {2}, {op(InputTransform::relu), op(InputTransform::exp)});
  EXPECT_DOUBLE_EQ(r[0], 1.0);
  EXPECT_DOUBLE_EQ(r[1], std::exp(2.0));
}

TEST(TransformsTest, WithoutTransformsTheDrawIsUnchanged) {
  // The transform path draws the same values: an identity-like list (add 0)
  // gives the very bits of the plain path.
  InputSpec plain;
  plain.b = 2;
  InputSpec same = plain;
  InputTransform add0 = op(InputTransform::add);
  add0.value = 0;
  same.transforms = {add0};
  for (DType dt : {DType::f32, DType::f16, DType::bf16, DType::f64}) {
    Buffer a = drawn(dt, {17, 3}, plain), b = drawn(dt, {17, 3}, same);
    EXPECT_EQ(a.data, b.data) << dtypeName(dt).str();
  }
  InputSpec ri;
  ri.dist = InputSpec::randint;
  ri.a = -5;
  ri.b = 5;
  InputSpec ra = ri;
  ra.transforms = {op(InputTransform::abs)};
  Buffer x = drawn(DType::i32, {64}, ri), y = drawn(DType::i32, {64}, ra);
  for (int i = 0; i < 64; ++i)
    EXPECT_EQ(y.getInt(i), std::abs(x.getInt(i)));
}

TEST(TransformsTest, RoundedOnceToTheDtype) {
  InputSpec s;
  s.transforms = {op(InputTransform::softmax)};
  Buffer h = drawn(DType::f16, {4, 9}, s), d = drawn(DType::f64, {4, 9}, s);
  for (int i = 0; i < 36; ++i)
    EXPECT_EQ(h.get(i), double(halfToFloat(doubleToHalf(d.get(i)))));
}

TEST(TransformsTest, CheckTransform) {
  EXPECT_EQ(checkTransform(op(InputTransform::softmax, -2), DType::f32, 2), "");
  EXPECT_NE(checkTransform(op(InputTransform::softmax, 2), DType::f32, 2), "");
  EXPECT_NE(checkTransform(op(InputTransform::softmax, -3), DType::f32, 2), "");
  EXPECT_NE(checkTransform(op(InputTransform::exp), DType::i32, 1), "");
  EXPECT_EQ(checkTransform(op(InputTransform::abs), DType::i64, 1), "");
  EXPECT_NE(checkTransform(op(InputTransform::abs), DType::boolean, 1), "");
  EXPECT_EQ(checkTransform(op(InputTransform::tril), DType::boolean, 2), "");
  EXPECT_NE(checkTransform(op(InputTransform::triu), DType::f32, 1), "");
}

TEST(TransformsTest, JsonRoundTrip) {
  InputTransform c = op(InputTransform::clamp);
  c.max = 2.5;
  llvm::json::Value v = toJSON(c);
  InputTransform back;
  std::string field, msg;
  std::vector<std::string> unknown;
  ASSERT_TRUE(parseTransform(*v.getAsObject(), back, field, msg, unknown)) << msg;
  EXPECT_EQ(back.op, InputTransform::clamp);
  EXPECT_FALSE(back.min.has_value());
  EXPECT_EQ(back.max, 2.5);
  EXPECT_TRUE(unknown.empty());
}

TEST(TransformsTest, EpilogueInTheOutputPrecision) {
  Bindings b;
  b["N"] = Scalar::ofInt(3);
  EpilogueOp div;
  div.kind = EpilogueOp::div;
  div.value = llvm::cantFail(Expr::parse("N"));
  Buffer f(DType::f32, {3});
  f.set(0, 1.0);
  f.set(1, 6.0);
  poison(f);
  f.set(0, 1.0);
  f.set(1, 6.0); // element 2 stays unwritten
  llvm::cantFail(applyEpilogue(f, {div}, b));
  EXPECT_EQ(f.get(0), double(1.0f / 3.0f)); // float division, as torch
  EXPECT_EQ(f.get(1), 2.0);
  EXPECT_TRUE(isPoisoned(f, 2));
  Buffer d(DType::f64, {1});
  d.set(0, 1.0);
  llvm::cantFail(applyEpilogue(d, {div}, b));
  EXPECT_EQ(d.get(0), 1.0 / 3.0);
  EpilogueOp sub;
  sub.kind = EpilogueOp::sub;
  sub.value = llvm::cantFail(Expr::parse("0.5"));
  Buffer h(DType::f16, {1});
  h.set(0, 3.0);
  llvm::cantFail(applyEpilogue(h, {div, sub}, b));
  EXPECT_EQ(h.get(0), 0.5);
  Buffer i(DType::i32, {1});
  EXPECT_FALSE(!!applyEpilogue(i, {}, b));
  llvm::Error e = applyEpilogue(i, {div}, b);
  EXPECT_TRUE(!!e);
  llvm::consumeError(std::move(e));
}

// The integrity gate's element-dependence check moves single elements of an
// input; a sorted input (a binary search's boundaries) stays sorted, each moved
// element strictly between its neighbours, the last one past the end.
TEST(TransformsTest, BumpedElementsKeepASortedInputSorted) {
  InputSpec s;
  s.dist = InputSpec::arange;
  s.bumpElements = {3, 9, 11};
  Buffer b = drawn(DType::f32, {12}, s);
  for (int64_t j = 1; j < 12; ++j)
    EXPECT_LT(b.get(j - 1), b.get(j)) << "at " << j;
  EXPECT_FLOAT_EQ(b.get(3), 3.5f);
  EXPECT_FLOAT_EQ(b.get(9), 9.5f);
  EXPECT_GT(b.get(11), 11.0f);
  // Decreasing: mirrored.
  s.transforms = {InputTransform{}};
  s.transforms[0].op = InputTransform::mul;
  s.transforms[0].value = -1;
  Buffer d = drawn(DType::f32, {12}, s);
  for (int64_t j = 1; j < 12; ++j)
    EXPECT_GT(d.get(j - 1), d.get(j)) << "at " << j;
  EXPECT_LT(d.get(11), -11.0f);
  // An unsorted draw is bumped upwards as before.
  InputSpec u;
  u.b = 1;
  Buffer plain = drawn(DType::f32, {12}, u);
  u.bumpElements = {3};
  Buffer bumped = drawn(DType::f32, {12}, u);
  EXPECT_FLOAT_EQ(bumped.get(3), plain.get(3) + 0.5f * std::fabs(plain.get(3)) + 0.5f);
}
