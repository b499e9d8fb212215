//===- NpyTest.cpp - .npy read and write ----------------------------------===//
#include "kfix/Runtime/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace kfix;

static std::string errorOf(llvm::StringRef bytes) {
  auto b = parseNpy(bytes, "t.npy");
  if (b)
    return "";
  return llvm::toString(b.takeError());
}

/// A .npy with a hand-written header (version `major`), padded to 64 bytes.
static std::string handMade(int major, std::string dict, llvm::StringRef data) {
  size_t prefix = major == 1 ? 10 : 12;
  size_t total = prefix + dict.size() + 1;
  dict.append((total + 63) / 64 * 64 - total, ' ');
  dict += '\n';
  std::string out("\x93NUMPY", 6);
  out += static_cast<char>(major);
  out += '\0';
  for (size_t i = 0; i < (major == 1 ? 2u : 4u); ++i)
    out += static_cast<char>((dict.size() >> (8 * i)) & 0xff);
  return out + dict + data.str();
}

TEST(Npy, RoundTripsEveryDType) {
  for (DType t : {DType::f64, DType::f32, DType::f16, DType::i64, DType::i32, DType::i16, DType::i8,
                  DType::u64, DType::u32, DType::u16, DType::u8, DType::boolean}) {
    Buffer b(t, {2, 3});
    for (int64_t i = 0; i < 6; ++i)
      b.set(i, t == DType::boolean ? i % 2 : static_cast<double>(i) - 2);
    std::string bytes = serializeNpy(b);
    EXPECT_EQ((bytes.size() - b.bytes()) % 64, 0u);
    auto r = parseNpy(bytes, "x.npy");
    ASSERT_TRUE(static_cast<bool>(r)) << llvm::toString(r.takeError());
    EXPECT_EQ(r->dtype, t);
    EXPECT_EQ(r->shape, b.shape);
    EXPECT_EQ(r->data, b.data) << dtypeName(t).str();
  }
}

TEST(Npy, ShapesAndHeaderText) {
  Buffer one(DType::f32, {5});
  std::string s = serializeNpy(one);
  EXPECT_NE(s.find("'shape': (5,)"), std::string::npos);
  EXPECT_NE(s.find("'descr': '<f4'"), std::string::npos);
  Buffer scalar(DType::f64, {});
  auto r = parseNpy(serializeNpy(scalar), "s.npy");
  ASSERT_TRUE(static_cast<bool>(r));
  EXPECT_TRUE(r->shape.empty());
  EXPECT_EQ(r->numel(), 1);
  Buffer empty(DType::i32, {0, 4});
  auto e = parseNpy(serializeNpy(empty), "e.npy");
  ASSERT_TRUE(static_cast<bool>(e));
  EXPECT_EQ(e->shape, (std::vector<int64_t>{0, 4}));
}

TEST(Npy, BFloat16IsWrittenAsF32) {
  Buffer b(DType::bf16, {3});
  b.set(0, 1.5);
  b.set(1, -0.0078125);
  b.set(2, INFINITY);
  auto r = parseNpy(serializeNpy(b), "b.npy");
  ASSERT_TRUE(static_cast<bool>(r));
  EXPECT_EQ(r->dtype, DType::f32);
  Buffer back = convertBuffer(*r, DType::bf16);
  EXPECT_EQ(back.data, b.data);
  // '<u2' read into bf16 is raw bits.
  Buffer raw(DType::u16, {1});
  raw.setInt(0, 0x3F80);
  EXPECT_EQ(convertBuffer(raw, DType::bf16).get(0), 1.0);
}

TEST(Npy, ReadsHandMadeVersion2) {
  float vals[4] = {1, 2, 3, 4.5f};
  std::string f = handMade(2, "{\"descr\": \"<f4\", \"shape\": (2, 2), \"fortran_order\": False}",
                           llvm::StringRef(reinterpret_cast<char *>(vals), 16));
  auto r = parseNpy(f, "v2.npy");
  ASSERT_TRUE(static_cast<bool>(r)) << llvm::toString(r.takeError());
  EXPECT_EQ(r->shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(r->get(3), 4.5);
  // Version 1 with key order changed, 'L' longs, '|u1'.
  std::string g = handMade(1, "{'shape': (3L,), 'fortran_order': False, 'descr': '|u1', }", "abc");
  auto q = parseNpy(g, "v1.npy");
  ASSERT_TRUE(static_cast<bool>(q)) << llvm::toString(q.takeError());
  EXPECT_EQ(q->getInt(2), 'c');
}

TEST(Npy, PreciseErrors) {
  EXPECT_NE(errorOf("hello world!").find("t.npy: not a .npy file (bad magic)"), std::string::npos);
  EXPECT_NE(errorOf(handMade(4, "{}", "")).find("unsupported .npy format version 4.0"),
            std::string::npos);
  EXPECT_NE(
      errorOf(handMade(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", "abcd"))
          .find("big-endian"),
      std::string::npos);
  EXPECT_NE(
      errorOf(handMade(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", "abcdefgh"))
          .find("unsupported dtype '<c8'"),
      std::string::npos);
  EXPECT_NE(errorOf(handMade(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }", "abcd"))
                .find("Fortran-order"),
            std::string::npos);
  EXPECT_NE(
      errorOf(handMade(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", "abcd"))
          .find("truncated data: shape and dtype need 8 bytes, file has 4"),
      std::string::npos);
  EXPECT_NE(
      errorOf(handMade(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", "abcdef"))
          .find("trailing data"),
      std::string::npos);
  EXPECT_NE(errorOf(handMade(1, "{'descr': '<f4', 'shape': (1,), }", "abcd"))
                .find("missing 'fortran_order'"),
            std::string::npos);
  EXPECT_NE(errorOf(handMade(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,", ""))
                .find("malformed header"),
            std::string::npos);
  std::string cut = serializeNpy(Buffer(DType::f32, {4})).substr(0, 40);
  EXPECT_NE(errorOf(cut).find("truncated header"), std::string::npos);
}

TEST(Npy, FileRoundTripIsAtomic) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kfix-npy-test", dir));
  std::string path = (dir + "/a.npy").str();
  Buffer b(DType::i16, {7});
  for (int i = 0; i < 7; ++i)
    b.setInt(i, i * 1000 - 3000);
  ASSERT_FALSE(static_cast<bool>(writeNpy(path, b)));
  auto r = readNpy(path);
  ASSERT_TRUE(static_cast<bool>(r));
  EXPECT_EQ(r->data, b.data);
  auto missing = readNpy((dir + "/none.npy").str());
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_NE(llvm::toString(missing.takeError()).find("cannot read"), std::string::npos);
  llvm::sys::fs::remove_directories(dir);
}
