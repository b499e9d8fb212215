//===- RepairSitesTest.cpp - {off-by-one-sites} and {store-sites} ----------===//
#include "kfix/Agent/Placeholders.h"
#include "kfix/Transforms/RepairSites.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace kfix;

namespace {

// if (i >= n) return;  (line 3)  ...  if (pos > 0 && pos <= L) acc = x[pos]; (line 5)
// for (k = 0; k < K - 1; ++k) (line 7, an explicit - 1)  for (j = 0; j < K; ++j) (line 8)
// y[i] = acc; (line 9)
const char *kKernel = R"mlir(module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32, %L: i32, %K: i32) kernel
        attributes {kfix.arg_names = ["x", "y", "n", "L", "K"],
                    kfix.arg_ctypes = ["const float *", "float *", "int", "int", "int"]} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %tx = gpu.thread_id x
      %i = arith.index_castui %tx : index to i32
      %out = arith.cmpi sge, %i, %n : i32 loc("k.cu":3:11)
      %go = arith.xori %out, %out : i1
      scf.if %go {
        %lo = arith.cmpi sgt, %i, %c0 : i32 loc("k.cu":5:13)
        %hi = arith.cmpi sle, %i, %L : i32 loc("k.cu":5:26)
        %ok = arith.andi %lo, %hi : i1 loc("k.cu":5:20)
        scf.if %ok {
          %v = memref.load %x[%tx] : memref<?xf32> loc("k.cu":5:40)
          memref.store %v, %y[%tx] : memref<?xf32> loc("k.cu":9:10)
        }
      }
      %km1 = arith.subi %K, %c1 : i32
      scf.for %k = %c0 to %km1 step %c1 : i32 {
      } loc("k.cu":7:5)
      scf.for %j = %c0 to %K step %c1 : i32 {
      } loc("k.cu":8:5)
      gpu.return
    }
  }
})mlir";

OwningOpRef<ModuleOp> parse(MLIRContext &ctx) {
  ctx.loadDialect<gpu::GPUDialect, arith::ArithDialect, memref::MemRefDialect, scf::SCFDialect>();
  return parseSourceString<ModuleOp>(kKernel, &ctx);
}

TEST(RepairSites, OffByOneSitesStartAtTheGuardsOfASite) {
  MLIRContext ctx;
  auto m = parse(ctx);
  ASSERT_TRUE(m);
  // The faulting read at 5:40: its guards, innermost first, non-strict ones
  // (`pos <= L`, the early return's `i >= n`) before strict ones (`pos > 0`).
  // Nothing else: the site led somewhere.
  EXPECT_EQ(offByOneSites(*m, {"k.cu:5:40"}, 8),
            (std::vector<std::string>{"k.cu:5:26", "k.cu:3:11", "k.cu:5:13"}));
  // The cap.
  EXPECT_EQ(offByOneSites(*m, {"k.cu:5:40"}, 1).size(), 1u);
}

TEST(RepairSites, OffByOneSitesWithoutSitesListComparisonsAndUnitOffsetLoops) {
  MLIRContext ctx;
  auto m = parse(ctx);
  ASSERT_TRUE(m);
  // Program order; the `k < K` loop at line 8 has no explicit +-1 and is left out.
  EXPECT_EQ(offByOneSites(*m, {}, 8),
            (std::vector<std::string>{"k.cu:3:11", "k.cu:5:13", "k.cu:5:26", "k.cu:7:5"}));
  EXPECT_EQ(offByOneSites(*m, {"k.cu:42"}, 8), offByOneSites(*m, {}, 8));
}

TEST(RepairSites, StoreSitesAndPlaceholders) {
  MLIRContext ctx;
  auto m = parse(ctx);
  ASSERT_TRUE(m);
  EXPECT_EQ(storeSites(*m, {}, 4), (std::vector<std::string>{"k.cu:9:10"}));
  PlannerContext pc;
  pc.module = *m;
  pc.sites = {"k.cu:5:40"};
  const PlaceholderExpander *obo = lookupPlaceholder("off-by-one-sites");
  const PlaceholderExpander *st = lookupPlaceholder("store-sites");
  ASSERT_TRUE(obo && st);
  EXPECT_EQ((*obo)(pc, "").front(), "k.cu:5:26");
  EXPECT_EQ((*st)(pc, ""), (std::vector<std::string>{"k.cu:9:10"}));
}

} // namespace
