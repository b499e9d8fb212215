//===- BufferTest.cpp - buffers and f16/bf16 rounding ---------------------===//
#include "kfix/Runtime/Buffer.h"

#include "gtest/gtest.h"
#include <cmath>
#include <cstring>

using namespace kfix;

static float bitsToFloat(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

TEST(Half, ExactAndRounding) {
  EXPECT_EQ(floatToHalf(1.0f), 0x3C00);
  EXPECT_EQ(floatToHalf(-2.0f), 0xC000);
  EXPECT_EQ(floatToHalf(65504.0f), 0x7BFF);
  EXPECT_EQ(floatToHalf(65520.0f), 0x7C00); // rounds up to infinity
  EXPECT_EQ(floatToHalf(65519.0f), 0x7BFF);
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even (1.0).
  EXPECT_EQ(floatToHalf(1.0f + 0x1p-11f), 0x3C00);
  // 1 + 3*2^-11 is halfway between 1+2^-10 (odd) and 1+2^-9 (even).
  EXPECT_EQ(floatToHalf(1.0f + 3 * 0x1p-11f), 0x3C02);
  EXPECT_EQ(floatToHalf(1.0f + 0x1p-11f + 0x1p-20f), 0x3C01); // above halfway
  // Subnormals: smallest 2^-24, half of it ties to even (0), a bit more rounds up.
  EXPECT_EQ(floatToHalf(0x1p-24f), 0x0001);
  EXPECT_EQ(floatToHalf(0x1p-25f), 0x0000);
  EXPECT_EQ(floatToHalf(0x1.8p-25f), 0x0001);
  EXPECT_EQ(floatToHalf(3 * 0x1p-25f), 0x0002);        // 1.5 ulp: ties to even (2)
  EXPECT_EQ(floatToHalf(0x1p-14f - 0x1p-26f), 0x0400); // carries into the smallest normal
  EXPECT_EQ(floatToHalf(-0.0f), 0x8000);
  EXPECT_EQ(floatToHalf(INFINITY), 0x7C00);
  EXPECT_EQ(floatToHalf(-INFINITY), 0xFC00);
  uint16_t n = floatToHalf(NAN);
  EXPECT_EQ(n & 0x7C00, 0x7C00);
  EXPECT_NE(n & 0x03FF, 0);
  EXPECT_TRUE(std::isnan(halfToFloat(n)));
  EXPECT_EQ(halfToFloat(0x0001), 0x1p-24f);
  EXPECT_EQ(halfToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(halfToFloat(0xFC00), -INFINITY);
}

TEST(Half, RoundTripsEveryValue) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    float f = halfToFloat(static_cast<uint16_t>(h));
    if (std::isnan(f))
      continue;
    EXPECT_EQ(floatToHalf(f), h) << h;
  }
}

TEST(BFloat16, Rounding) {
  EXPECT_EQ(floatToBFloat16(1.0f), 0x3F80);
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0x3F808000)), 0x3F80); // tie, even stays
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0x3F818000)), 0x3F82); // tie, odd rounds up
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0x3F808001)), 0x3F81); // above halfway
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0x7F7FFFFF)), 0x7F80); // max float -> inf
  EXPECT_EQ(floatToBFloat16(INFINITY), 0x7F80);
  uint16_t n = floatToBFloat16(bitsToFloat(0x7F800001)); // NaN with a low payload stays NaN
  EXPECT_TRUE(std::isnan(bfloat16ToFloat(n)));
  EXPECT_EQ(floatToBFloat16(bitsToFloat(0x00010000)), 0x0001); // float subnormal
  for (uint32_t h = 0; h < 0x10000; ++h) {
    float f = bfloat16ToFloat(static_cast<uint16_t>(h));
    if (!std::isnan(f))
      EXPECT_EQ(floatToBFloat16(f), h) << h;
  }
}

TEST(Half, NoDoubleRoundingFromDouble) {
  // Just above the f16 halfway point between 1 and 1+2^-10, but below float precision:
  // double -> float would land exactly on the tie and round to even (down).
  double d = 1.0 + 0x1p-11 + 0x1p-40;
  EXPECT_EQ(doubleToHalf(d), 0x3C01);
  Buffer b(DType::f16, {1});
  b.set(0, d);
  EXPECT_EQ(b.get(0), 1.0 + 0x1p-10);
}

TEST(Buffer, IntegerConversionIsC) {
  Buffer b(DType::i32, {4});
  b.set(0, 2.9);
  b.set(1, -2.9);
  b.set(2, 4294967297.0); // wraps to 1
  b.set(3, NAN);
  EXPECT_EQ(b.getInt(0), 2);
  EXPECT_EQ(b.getInt(1), -2);
  EXPECT_EQ(b.getInt(2), 1);
  EXPECT_EQ(b.getInt(3), 0);
  Buffer u(DType::u8, {2});
  u.set(0, -1.0);
  u.set(1, 300.0);
  EXPECT_EQ(u.getInt(0), 255);
  EXPECT_EQ(u.getInt(1), 44);
  Buffer u64(DType::u64, {1});
  u64.set(0, 18446744073709549568.0); // 2^64 - 2048
  EXPECT_EQ(static_cast<uint64_t>(u64.getInt(0)), 18446744073709549568ULL);
  Buffer bo(DType::boolean, {3});
  bo.set(0, 0.0);
  bo.set(1, -0.5);
  bo.set(2, NAN);
  EXPECT_EQ(bo.getInt(0), 0);
  EXPECT_EQ(bo.getInt(1), 1);
  EXPECT_EQ(bo.getInt(2), 1);
  Buffer i8(DType::i8, {1});
  i8.setInt(0, 200);
  EXPECT_EQ(i8.getInt(0), -56);
  EXPECT_EQ(i8.get(0), -56.0);
}

TEST(Buffer, DTypes) {
  for (const char *n : {"f64", "f32", "f16", "bf16", "i64", "i32", "i16", "i8", "u64", "u32", "u16",
                        "u8", "bool"}) {
    auto t = parseDType(n);
    ASSERT_TRUE(t.has_value()) << n;
    EXPECT_EQ(dtypeName(*t), n);
  }
  EXPECT_FALSE(parseDType("f8").has_value());
  EXPECT_EQ(dtypeSize(DType::bf16), 2u);
  Buffer b(DType::f32, {3, 5});
  EXPECT_EQ(b.numel(), 15);
  EXPECT_EQ(b.bytes(), 60u);
}
