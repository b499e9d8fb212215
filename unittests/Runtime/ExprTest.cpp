//===- ExprTest.cpp - size expressions ------------------------------------===//
#include "kfix/Runtime/Expr.h"

#include "gtest/gtest.h"

using namespace kfix;

static Scalar ev(const char *text, const Bindings &b = {}) {
  auto e = Expr::parse(text);
  EXPECT_TRUE(static_cast<bool>(e)) << (e ? "" : llvm::toString(e.takeError()));
  if (!e)
    return {};
  auto v = e->eval(b);
  EXPECT_TRUE(static_cast<bool>(v)) << (v ? "" : llvm::toString(v.takeError()));
  return v ? *v : Scalar();
}

static std::string parseError(const char *text) {
  auto e = Expr::parse(text);
  if (e)
    return "";
  return llvm::toString(e.takeError());
}

TEST(Expr, IntegerArithmeticFollowsC) {
  EXPECT_EQ(ev("7/2").i, 3);
  EXPECT_EQ(ev("-7/2").i, -3);
  EXPECT_EQ(ev("7/-2").i, -3);
  EXPECT_EQ(ev("-7%3").i, -1);
  EXPECT_EQ(ev("7%-3").i, 1);
  EXPECT_EQ(ev("2+3*4").i, 14);
  EXPECT_EQ(ev("(2+3)*4").i, 20);
  EXPECT_EQ(ev("10-4-3").i, 3);
  EXPECT_EQ(ev("100/10/5").i, 2);
  EXPECT_EQ(ev("--3").i, 3);
  EXPECT_FALSE(ev("7/2").isFloat);
}

TEST(Expr, FloatOperandMakesFloat) {
  Scalar v = ev("7/2.0");
  EXPECT_TRUE(v.isFloat);
  EXPECT_DOUBLE_EQ(v.f, 3.5);
  EXPECT_DOUBLE_EQ(ev("1e-3*2").f, 0.002);
  EXPECT_DOUBLE_EQ(ev(".5+1").f, 1.5);
  EXPECT_DOUBLE_EQ(ev("7.5%2").f, 1.5);
  EXPECT_TRUE(ev("2.").isFloat);
}

TEST(Expr, Functions) {
  Bindings b;
  b["N"] = Scalar::ofInt(1000);
  EXPECT_EQ(ev("ceildiv(N,256)", b).i, 4);
  EXPECT_EQ(ev("ceildiv(1024,256)").i, 4);
  EXPECT_EQ(ev("ceildiv(0,256)").i, 0);
  EXPECT_EQ(ev("ceildiv(-5,2)").i, -2);
  EXPECT_EQ(ev("min(N, 512)", b).i, 512);
  EXPECT_EQ(ev("max(N, 512)", b).i, 1000);
  EXPECT_DOUBLE_EQ(ev("max(1, 2.5)").f, 2.5);
  EXPECT_EQ(ev("min(ceildiv(N,256), 2) * 3", b).i, 6);
}

TEST(Expr, SymbolsAndBinding) {
  auto e = Expr::parse("R*C + ceildiv(R, B) - R");
  ASSERT_TRUE(static_cast<bool>(e));
  EXPECT_EQ(e->symbols(), (std::vector<std::string>{"R", "C", "B"}));
  Bindings b;
  b["R"] = Scalar::ofInt(3);
  b["C"] = Scalar::ofInt(4);
  auto v = e->eval(b);
  ASSERT_FALSE(static_cast<bool>(v));
  EXPECT_NE(llvm::toString(v.takeError()).find("symbol 'B' is not bound"), std::string::npos);
}

TEST(Expr, Errors) {
  EXPECT_NE(parseError("R*").find("expected an operand at column 3"), std::string::npos);
  EXPECT_NE(parseError("(R").find("expected ')'"), std::string::npos);
  EXPECT_NE(parseError("foo(1,2)").find("unknown function 'foo'"), std::string::npos);
  EXPECT_NE(parseError("min(1)").find("takes two arguments"), std::string::npos);
  EXPECT_NE(parseError("R C").find("unexpected 'C'"), std::string::npos);
  EXPECT_NE(parseError("3x").find("malformed number"), std::string::npos);
  EXPECT_NE(parseError("").find("expected an operand"), std::string::npos);
  EXPECT_NE(parseError("1e").find("malformed exponent"), std::string::npos);
  EXPECT_NE(parseError("R & 1").find("unexpected '&'"), std::string::npos);
  auto z = Expr::parse("R/0");
  ASSERT_TRUE(static_cast<bool>(z));
  Bindings b;
  b["R"] = Scalar::ofInt(1);
  auto v = z->eval(b);
  ASSERT_FALSE(static_cast<bool>(v));
  EXPECT_NE(llvm::toString(v.takeError()).find("division by zero"), std::string::npos);
  auto f = Expr::parse("R/2.0");
  auto fi = f->evalInt(b);
  ASSERT_FALSE(static_cast<bool>(fi));
  EXPECT_NE(llvm::toString(fi.takeError()).find("must be an integer"), std::string::npos);
}

TEST(Expr, FromJSON) {
  auto i = Expr::fromJSON(llvm::json::Value(256));
  ASSERT_TRUE(static_cast<bool>(i));
  EXPECT_EQ(i->eval({})->i, 256);
  auto f = Expr::fromJSON(llvm::json::Value(0.5));
  ASSERT_TRUE(static_cast<bool>(f));
  EXPECT_TRUE(f->eval({})->isFloat);
  auto bad = Expr::fromJSON(llvm::json::Value(true));
  EXPECT_FALSE(static_cast<bool>(bad));
  llvm::consumeError(bad.takeError());
}

TEST(Expr, IntegerWrapsLikeInt64) { EXPECT_EQ(ev("9223372036854775807 + 1").i, INT64_MIN); }
