//===- StaticChecksTest.cpp - static integrity checks on lifted IR --------===//
#include "kfix/Integrity/StaticChecks.h"
#include "kfix/InitAll.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace kfix;

namespace {
class StaticChecks : public ::testing::Test {
protected:
  StaticChecks() {
    DialectRegistry registry;
    registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }
  OwningOpRef<ModuleOp> parse(const std::string &body) {
    std::string text =
        "module attributes {gpu.container_module} { gpu.module @kernels {" + body + "} }";
    return parseSourceString<ModuleOp>(text, &ctx);
  }
  std::vector<std::string> checks(const std::vector<IntegrityFinding> &fs) {
    std::vector<std::string> out;
    for (auto &f : fs)
      out.push_back(f.check);
    return out;
  }
  MLIRContext ctx;
};

// out[i] = a[i] * s + b[i], guarded by i < n.
const char *kHonest = R"(
gpu.func @axpby(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>, %n: i32, %s: f32) kernel
    attributes {kfix.name = "axpby", kfix.arg_names = ["a", "b", "out", "n", "s"]} {
  %tid = gpu.thread_id x
  %bid = gpu.block_id x
  %bdim = gpu.block_dim x
  %t = arith.index_castui %tid : index to i32
  %b32 = arith.index_castui %bid : index to i32
  %d32 = arith.index_castui %bdim : index to i32
  %m = arith.muli %b32, %d32 : i32
  %i = arith.addi %m, %t : i32
  %c = arith.cmpi slt, %i, %n : i32
  scf.if %c {
    %ii = arith.index_cast %i : i32 to index
    %x = memref.load %a[%ii] : memref<?xf32>
    %y = memref.load %b[%ii] : memref<?xf32>
    %p = arith.mulf %x, %s : f32
    %r = arith.addf %p, %y : f32
    memref.store %r, %out[%ii] : memref<?xf32>
  }
  gpu.return
}
)";

std::vector<ParamRole> roles() {
  return {{"a", "input"}, {"b", "input"}, {"out", "output"}, {"n", "scalar"}, {"s", "scalar"}};
}
} // namespace

TEST_F(StaticChecks, HonestKernelPasses) {
  auto m = parse(kHonest);
  ASSERT_TRUE(m);
  StaticCheckInput in;
  in.candidate = findKernelFunc(*m, "axpby");
  in.original = in.candidate;
  in.reference = in.candidate;
  in.referenceParams = {"a", "b", "out", "n", "s"};
  in.params = roles();
  in.sizeValues = {1000, 4099};
  auto fs = runStaticChecks(in);
  EXPECT_TRUE(fs.empty()) << fs.front().check << ": " << fs.front().evidence;
}

TEST_F(StaticChecks, CopiesOneInputIgnoringTheOther) {
  auto ref = parse(kHonest);
  auto m = parse(R"(
gpu.func @axpby(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>, %n: i32, %s: f32) kernel
    attributes {kfix.name = "axpby", kfix.arg_names = ["a", "b", "out", "n", "s"]} {
  %tid = gpu.thread_id x
  %x = memref.load %a[%tid] : memref<?xf32>
  memref.store %x, %out[%tid] : memref<?xf32>
  gpu.return
})");
  ASSERT_TRUE(m && ref);
  StaticCheckInput in;
  in.candidate = findKernelFunc(*m, "axpby");
  in.reference = findKernelFunc(*ref, "axpby");
  in.referenceParams = {"a", "b", "out", "n", "s"};
  in.params = roles();
  auto fs = runStaticChecks(in);
  ASSERT_EQ(checks(fs), std::vector<std::string>{"ignores-input"});
  EXPECT_NE(fs[0].evidence.find("'b'"), std::string::npos);
}

TEST_F(StaticChecks, HardcodedSizeReadOutputWriteInput) {
  auto m = parse(R"(
gpu.func @axpby(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>, %n: i32, %s: f32) kernel
    attributes {kfix.name = "axpby", kfix.arg_names = ["a", "b", "out", "n", "s"]} {
  %tid = gpu.thread_id x
  %t = arith.index_castui %tid : index to i32
  %c4099 = arith.constant 4099 : i32
  %c = arith.cmpi slt, %t, %c4099 : i32
  scf.if %c {
    %old = memref.load %out[%tid] : memref<?xf32>
    %x = memref.load %a[%tid] : memref<?xf32>
    %y = memref.load %b[%tid] : memref<?xf32>
    %r = arith.addf %x, %y : f32
    %r2 = arith.addf %r, %old : f32
    memref.store %r2, %out[%tid] : memref<?xf32>
    memref.store %r, %a[%tid] : memref<?xf32>
  }
  gpu.return
})");
  ASSERT_TRUE(m);
  StaticCheckInput in;
  in.candidate = findKernelFunc(*m, "axpby");
  in.params = roles();
  in.sizeValues = {1000, 4099};
  in.launchConstants = {256};
  auto got = checks(runStaticChecks(in));
  std::vector<std::string> want = {"reads-output-first", "writes-input", "hardcoded-shape"};
  EXPECT_EQ(got, want);
}

TEST_F(StaticChecks, TileConstantsAndLaunchLiteralsAreNotShapes) {
  auto m = parse(R"(
gpu.func @k(%a: memref<?xf32>, %out: memref<?xf32>, %n: i32)
    workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel
    attributes {kfix.name = "k", kfix.arg_names = ["a", "out", "n"]} {
  %tid = gpu.thread_id x
  %c256 = arith.constant 256 : index
  %c = arith.cmpi slt, %tid, %c256 : index
  scf.if %c {
    %x = memref.load %a[%tid] : memref<?xf32>
    memref.store %x, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %y = memref.load %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %y, %out[%tid] : memref<?xf32>
  }
  gpu.return
})");
  ASSERT_TRUE(m);
  StaticCheckInput in;
  in.candidate = findKernelFunc(*m, "k");
  in.params = {{"a", "input"}, {"out", "output"}, {"n", "scalar"}};
  in.sizeValues = {256, 1000};
  auto fs = runStaticChecks(in);
  EXPECT_TRUE(fs.empty()) << fs.front().check << ": " << fs.front().evidence;
}

TEST_F(StaticChecks, SignatureAndDiffBudget) {
  auto orig = parse(kHonest);
  auto m = parse(R"(
gpu.func @axpby(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>, %n: i64, %s: f32) kernel
    attributes {kfix.name = "axpby", kfix.arg_names = ["a", "b", "out", "n", "s"]} {
  gpu.return
})");
  ASSERT_TRUE(m && orig);
  StaticCheckInput in;
  in.candidate = findKernelFunc(*m, "axpby");
  in.original = findKernelFunc(*orig, "axpby");
  in.params = roles();
  in.originalSource = "a\nb\nc\n";
  in.candidateSource = "a\nx\ny\nz\nc\n";
  in.diffBudgetLines = 3;
  auto got = checks(runStaticChecks(in));
  EXPECT_NE(std::find(got.begin(), got.end(), "signature-changed"), got.end());
  EXPECT_NE(std::find(got.begin(), got.end(), "diff-too-large"), got.end());
  EXPECT_EQ(countChangedLines("a\nb\nc", "a\nx\ny\nz\nc"), 4u);
}
