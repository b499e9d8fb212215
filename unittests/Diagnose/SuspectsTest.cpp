//===- SuspectsTest.cpp - suspect ranking over hand-written lifted kernels ===//
#include "kfix/Diagnose/Suspects.h"

#include "kfix/Dialect/KFix/KFixDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace kfix;

namespace {

mlir::OwningOpRef<mlir::ModuleOp> parse(mlir::MLIRContext &ctx, llvm::StringRef src) {
  ctx.loadDialect<KFixDialect, mlir::gpu::GPUDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::vector::VectorDialect>();
  return mlir::parseSourceString<mlir::ModuleOp>(src, &ctx);
}

// out[i] = (float)(i * a / b) + x[i]: the integer quotient is truncated (line 7).
const char *kIntDivision = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>, %out: memref<?xf32>, %a: i32, %b: i32) kernel
        attributes {kfix.name = "k", kfix.arg_names = ["x", "out", "a", "b"], kfix.shared_names = []} {
      %tid = gpu.thread_id x loc("k.cu":5:13)
      %i = arith.index_castui %tid : index to i32 loc("k.cu":5:13)
      %m = arith.muli %i, %a : i32 loc("k.cu":7:25)
      %q = arith.divsi %m, %b : i32 loc("k.cu":7:29)
      %f = arith.sitofp %q : i32 to f32 loc("k.cu":7:15)
      %xi = memref.load %x[%tid] : memref<?xf32> loc("k.cu":8:20)
      %d = arith.subf %xi, %f : f32 loc("k.cu":8:23)
      memref.store %d, %out[%tid] : memref<?xf32> loc("k.cu":9:5)
      gpu.return loc("k.cu":10:1)
    } loc("k.cu":4:1)
  }
}
)mlir";

// best = <init>; for r: best = max(best, x[r]); out[tid] = best.
std::string maxReduction(llvm::StringRef init) {
  return (R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @m(%x: memref<?xf32>, %out: memref<?xf32>, %n: i32) kernel
        attributes {kfix.name = "m", kfix.arg_names = ["x", "out", "n"], kfix.shared_names = []} {
      %best = memref.alloca() {kfix.var = "best"} : memref<f32> loc("m.cu":6:11)
      %c0 = arith.constant 0 : i32 loc("m.cu":7:18)
      %c1 = arith.constant 1 : i32 loc("m.cu":7:30)
      %init = arith.constant )mlir" +
          init + R"mlir( : f32 loc("m.cu":6:18)
      memref.store %init, %best[] : memref<f32> loc("m.cu":6:11)
      scf.for %r = %c0 to %n step %c1 : i32 {
        %b = memref.load %best[] : memref<f32> loc("m.cu":8:20)
        %ri = arith.index_cast %r : i32 to index loc("m.cu":8:27)
        %v = memref.load %x[%ri] : memref<?xf32> loc("m.cu":8:27)
        %mx = arith.maxnumf %b, %v : f32 loc("m.cu":8:16)
        memref.store %mx, %best[] : memref<f32> loc("m.cu":8:9)
      } loc("m.cu":7:5)
      %tid = gpu.thread_id x loc("m.cu":9:9)
      %res = memref.load %best[] : memref<f32> loc("m.cu":9:20)
      memref.store %res, %out[%tid] : memref<?xf32> loc("m.cu":9:5)
      gpu.return loc("m.cu":10:1)
    } loc("m.cu":4:1)
  }
}
)mlir")
      .str();
}

TEST(Suspects, IntegerDivisionFeedingAFloatIsTheTopSuspect) {
  mlir::MLIRContext ctx;
  auto module = parse(ctx, kIntDivision);
  ASSERT_TRUE(module);
  sig::Signature sg;
  sg.pattern = "everything";
  sg.magnitude = "unrelated";
  SuspectInput in;
  in.signature = &sg;
  auto s = rankSuspects(*module, in);
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s[0].loc(), "k.cu:7:29");
  EXPECT_EQ(s[0].op, "arith.divsi");
  EXPECT_EQ(s[0].kind, "int-division");
  // Ranked best first; the subtraction is a weaker (operand-order) suspect.
  for (size_t i = 1; i < s.size(); ++i)
    EXPECT_LE(s[i].score, s[i - 1].score);
}

TEST(Suspects, SignFlipRaisesTheSubtraction) {
  mlir::MLIRContext ctx;
  auto module = parse(ctx, kIntDivision);
  ASSERT_TRUE(module);
  sig::Signature sg;
  sg.magnitude = "sign-flip";
  SuspectInput in;
  in.signature = &sg;
  auto s = rankSuspects(*module, in);
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s[0].loc(), "k.cu:8:23");
  EXPECT_EQ(s[0].kind, "operand-order");
}

TEST(Suspects, MaxSeededWithZeroPointsAtTheSeed) {
  mlir::MLIRContext ctx;
  auto module = parse(ctx, maxReduction("0.000000e+00"));
  ASSERT_TRUE(module);
  sig::Signature sg;
  sg.magnitude = "zero";
  SuspectInput in;
  in.signature = &sg;
  auto s = rankSuspects(*module, in);
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s[0].loc(), "m.cu:6:18");
  EXPECT_EQ(s[0].kind, "reduction-identity");
  llvm::json::Value j = s[0].toJSON();
  EXPECT_EQ(*j.getAsObject()->getString("kind"), "reduction-identity");
  EXPECT_EQ(*j.getAsObject()->getInteger("line"), 6);
}

TEST(Suspects, MaxSeededWithMinusInfinityHasNoModelSuspect) {
  mlir::MLIRContext ctx;
  auto module = parse(ctx, maxReduction("0xFF800000"));
  ASSERT_TRUE(module);
  SuspectInput in;
  auto s = rankSuspects(*module, in);
  for (const Suspect &x : s)
    EXPECT_TRUE(x.kind.empty()) << x.loc() << " " << x.kind;
}

TEST(Suspects, NoStoreWithWrongElementsFallsBackToEveryOutputStore) {
  // Two outputs: `out` (wrong) gets the quotient, `x` is never stored; a
  // store that wrote only right elements seeds nothing.
  mlir::MLIRContext ctx;
  auto module = parse(ctx, kIntDivision);
  ASSERT_TRUE(module);
  SuspectInput in;
  in.stores["k.cu:9:5"] = StoreEvidence{0, 64};
  in.maxSuspects = 20;
  auto s = rankSuspects(*module, in);
  // No store wrote a wrong element: every output store seeds the slice.
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s[0].kind, "int-division");
}

TEST(WriteAttribution, CountsWritesOfWrongAndRightElements) {
  SiteTable sites;
  SiteInfo w;
  w.site = 3, w.op = "access", w.detail = "write", w.file = "k.cu", w.line = 9, w.col = 5;
  sites.add(w);
  std::map<int32_t, std::vector<uint8_t>> masks;
  masks[1] = {0, 1, 1, 0};
  WriteAttribution a(masks, &sites);
  ThreadCoord t;
  for (int64_t i = 0; i < 4; ++i)
    a.onAccess(3, TraceAccessKind::write, 1, i, t);
  a.onAccess(3, TraceAccessKind::read, 1, 1, t);  // reads do not count
  a.onAccess(3, TraceAccessKind::write, 0, 1, t); // not an output
  a.onAccess(3, TraceAccessKind::write, 1, 9, t); // out of range
  std::map<std::string, StoreEvidence> out;
  a.mergeInto(out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out["k.cu:9:5"].badWrites, 2);
  EXPECT_EQ(out["k.cu:9:5"].goodWrites, 2);
}

} // namespace
