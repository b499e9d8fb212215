//===- DetectorsTest.cpp - detectors fed with synthetic trace events -------===//
#include "kfix/Diagnose/Detectors.h"

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

ThreadCoord thread(uint32_t tx, uint32_t bx = 0) {
  ThreadCoord c;
  c.tid = {tx, 0, 0};
  c.bid = {bx, 0, 0};
  return c;
}

SiteTable twoSites() {
  SiteTable t;
  SiteInfo w;
  w.site = 0, w.op = "access", w.detail = "write", w.buffer = "s", w.file = "k.cu", w.line = 10,
  w.col = 5;
  SiteInfo r = w;
  r.site = 1, r.detail = "read", r.line = 12, r.col = 9;
  t.add(w);
  t.add(r);
  return t;
}

const TraceAccessKind R = TraceAccessKind::read, W = TraceAccessKind::write,
                      A = TraceAccessKind::atomic;

TEST(RaceDetector, SharedReadAfterWriteWithoutBarrier) {
  SiteTable sites = twoSites();
  RaceDetector d(&sites);
  d.onLaunch({1, 1, 1}, {64, 1, 1});
  // Every thread writes s[t] and then reads s[t+1] in the same interval.
  for (uint32_t t = 0; t < 64; ++t)
    d.onAccess(0, W, -1, t, thread(t));
  for (uint32_t t = 0; t < 63; ++t)
    d.onAccess(1, R, -1, t + 1, thread(t));
  ASSERT_TRUE(d.hasRace());
  auto f = d.findings();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, "shared-race");
  EXPECT_EQ(f[0].count, 63);
  ASSERT_EQ(f[0].sites.size(), 2u);
  EXPECT_EQ(f[0].sites[0].loc(), "k.cu:10:5");
  EXPECT_EQ(f[0].sites[1].loc(), "k.cu:12:9");
  EXPECT_NE(f[0].message.find("write/read race on shared s[1]"), std::string::npos) << f[0].message;
  // Threads 0..63 span two warps: not all pairs are intra-warp.
  EXPECT_FALSE(*f[0].data.getBoolean("same_warp"));
}

TEST(RaceDetector, BarrierSeparatesIntervals) {
  RaceDetector d;
  d.onLaunch({2, 1, 1}, {32, 1, 1});
  for (uint32_t b = 0; b < 2; ++b) {
    for (uint32_t t = 0; t < 32; ++t)
      d.onAccess(0, W, -1, t, thread(t, b));
    d.onBarrier({b, 0, 0}, 0);
    for (uint32_t t = 0; t < 32; ++t)
      d.onAccess(1, R, -1, (t + 1) % 32, thread(t, b));
    d.onBlockEnd({b, 0, 0});
  }
  EXPECT_FALSE(d.hasRace());
  EXPECT_TRUE(d.findings().empty());
}

TEST(RaceDetector, SameThreadAndDifferentBlocksDoNotConflict) {
  RaceDetector d;
  d.onLaunch({2, 1, 1}, {4, 1, 1});
  // Same thread writes then reads; two blocks use the same shared index.
  d.onAccess(0, W, -1, 0, thread(0, 0));
  d.onAccess(1, R, -1, 0, thread(0, 0));
  d.onAccess(0, W, -1, 0, thread(0, 1));
  // Atomics on one shared counter by many threads are fine.
  for (uint32_t t = 0; t < 4; ++t)
    d.onAccess(2, A, -2, 0, thread(t, 0));
  EXPECT_FALSE(d.hasRace());
}

TEST(RaceDetector, SharedWriteWriteInOneWarpAndAtomicMix) {
  RaceDetector d;
  d.onLaunch({1, 1, 1}, {32, 1, 1});
  d.onAccess(0, W, -1, 5, thread(1));
  d.onAccess(0, W, -1, 5, thread(2));
  d.onAccess(3, A, -2, 0, thread(3));
  d.onAccess(4, R, -2, 0, thread(4));
  auto f = d.findings();
  ASSERT_EQ(f.size(), 2u);
  std::set<std::string> kinds;
  for (auto &x : f)
    kinds.insert(x.data.getString("access")->str());
  EXPECT_TRUE(kinds.count("write/write"));
  EXPECT_TRUE(kinds.count("atomic/read"));
  EXPECT_TRUE(*f[0].data.getBoolean("same_warp"));
  EXPECT_NE(f[0].message.find("warp synchrony"), std::string::npos);
}

TEST(RaceDetector, GlobalWrittenByTwoThreads) {
  RaceDetector d;
  d.onLaunch({2, 1, 1}, {8, 1, 1});
  // out[i % 8] = ...: both blocks write the same 8 elements.
  for (uint32_t b = 0; b < 2; ++b)
    for (uint32_t t = 0; t < 8; ++t)
      d.onAccess(7, W, 1, t, thread(t, b));
  // Atomics from many threads and a write by one thread twice are fine.
  for (uint32_t t = 0; t < 8; ++t)
    d.onAccess(8, A, 2, 0, thread(t));
  d.onAccess(9, W, 3, 0, thread(0));
  d.onAccess(9, W, 3, 0, thread(0));
  auto f = d.findings();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, "global-race");
  EXPECT_EQ(f[0].count, 8);
  EXPECT_EQ(f[0].threads[0].who.bid[0], 0u);
  EXPECT_EQ(f[0].threads[1].who.bid[0], 1u);
  // A plain write mixed with atomics from other threads is a race too.
  d.onAccess(9, W, 2, 0, thread(3, 1));
  EXPECT_EQ(d.findings().size(), 2u);
}

TEST(RaceDetector, UninitSharedRead) {
  auto run = [](bool lose) {
    RaceDetector d;
    d.onLaunch({1, 1, 1}, {64, 1, 1});
    // Lane 0 of each of the two warps writes part[warp]; thread 1 reads
    // part[40] before thread 5 writes it in the same interval (a race, not an
    // uninitialized read).
    d.onAccess(0, W, -1, 0, thread(0));
    d.onAccess(0, W, -1, 1, thread(32));
    d.onAccess(2, R, -1, 40, thread(1));
    d.onAccess(0, W, -1, 40, thread(5));
    d.onBarrier({0, 0, 0}, 0);
    // All 32 lanes of warp 0 read part[lane]: lanes 2..31 read what no thread wrote.
    for (uint32_t t = 0; t < 32; ++t)
      d.onAccess(1, R, -1, t, thread(t));
    if (lose)
      d.onTraceOverflow(0, 10, 0);
    d.onBlockEnd({0, 0, 0});
    return d.findings();
  };
  std::vector<Finding> f = run(false);
  ASSERT_EQ(f.size(), 2u);
  // Sorted by count: the 30 uninitialized reads, then the race.
  EXPECT_EQ(f[0].kind, "uninit-shared-read");
  EXPECT_EQ(f[1].kind, "shared-race");
  EXPECT_EQ(f[0].count, 30);
  EXPECT_EQ(f[0].severity, "error");
  EXPECT_EQ(*f[0].data.getInteger("element"), 2);
  // A trace that lost records reports no uninitialized read (a lost write
  // would look like one).
  f = run(true);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, "shared-race");
}

TEST(RaceDetector, BoundedSharedState) {
  RaceOptions opts;
  opts.maxSharedElementsPerBlock = 4;
  RaceDetector d(nullptr, opts);
  d.onLaunch({1, 1, 1}, {32, 1, 1});
  for (uint32_t t = 0; t < 32; ++t)
    d.onAccess(0, W, -1, t, thread(t));
  auto f = d.findings();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, "race-tracking-truncated");
  EXPECT_EQ(f[0].count, 28);
}

TEST(WriteCoverage, UnwrittenTailAndDoubleWrite) {
  WriteCoverageTracker w({{1, "y", 100}});
  w.onLaunch({1, 1, 1}, {64, 1, 1});
  // Threads write y[t] for t < 64 only; thread 5 and thread 6 both write y[5].
  for (uint32_t t = 0; t < 64; ++t)
    w.onAccess(3, W, 1, t, thread(t));
  w.onAccess(4, W, 1, 5, thread(6));
  // Same thread twice: a rewrite, not a conflict.
  w.onAccess(3, W, 1, 7, thread(7));
  // Other arguments are ignored; reads too.
  w.onAccess(3, W, 0, 99, thread(1));
  w.onAccess(3, R, 1, 99, thread(1));
  auto cov = w.coverage(1);
  ASSERT_TRUE(cov);
  EXPECT_EQ(cov->written, 64);
  EXPECT_EQ(cov->unwritten, 36);
  EXPECT_EQ(cov->multiWriter, 1);
  EXPECT_EQ(cov->rewritten, 1);
  auto f = w.findings();
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0].kind, "unwritten-output");
  EXPECT_NE(f[0].message.find("[64, 100)"), std::string::npos) << f[0].message;
  EXPECT_EQ(f[1].kind, "multi-writer-output");
  EXPECT_EQ(f[1].threads[0].who.tid[0], 5u);
  EXPECT_EQ(f[1].threads[1].who.tid[0], 6u);
  EXPECT_EQ(f[2].kind, "write-coverage");
  auto mask = w.writtenMask(1);
  ASSERT_EQ(mask.size(), 100u);
  EXPECT_EQ(mask[63], 1);
  EXPECT_EQ(mask[64], 0);
}

TEST(WriteCoverage, FullCoverageAtomicsAndOutOfRange) {
  WriteCoverageTracker w({{0, "out", 8}});
  w.onLaunch({1, 1, 1}, {8, 1, 1});
  for (uint32_t t = 0; t < 8; ++t) {
    w.onAccess(1, A, 0, 0, thread(t));
    w.onAccess(2, W, 0, t, thread(t));
  }
  w.onAccess(2, W, 0, 8, thread(7));
  auto cov = w.coverage(0);
  EXPECT_EQ(cov->unwritten, 0);
  EXPECT_EQ(cov->multiWriter, 0);
  EXPECT_EQ(cov->atomicWritten, 1);
  auto f = w.findings();
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].kind, "out-of-range-write");
  // A new launch starts from scratch.
  w.onLaunch({1, 1, 1}, {8, 1, 1});
  EXPECT_EQ(w.coverage(0)->unwritten, 8);
}

TEST(NanOrigin, FirstFiringSiteIsTheOrigin) {
  SiteTable sites;
  SiteInfo log;
  log.site = 4, log.op = "check", log.detail = "nan", log.subject = "math.log";
  log.file = "k.cu", log.line = 7, log.col = 11;
  sites.add(log);
  NanOriginDetector d(&sites);
  d.onLaunch({1, 1, 1}, {32, 1, 1});
  EXPECT_FALSE(d.originSite());
  d.onCheck(4, TraceCheckKind::nan, thread(3), 0, 0);
  d.onCheck(9, TraceCheckKind::inf, thread(4), 0, 0);
  d.onCheck(4, TraceCheckKind::nan, thread(5), 0, 0);
  d.onCheck(2, TraceCheckKind::bounds, thread(5), 0, 0); // not ours
  EXPECT_EQ(*d.originSite(), 4);
  auto f = d.findings();
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].kind, "nan-origin");
  EXPECT_EQ(f[0].severity, "error");
  EXPECT_EQ(f[0].count, 2);
  EXPECT_NE(f[0].message.find("math.log at k.cu:7:11"), std::string::npos) << f[0].message;
  EXPECT_EQ(f[1].kind, "inf-origin");
  EXPECT_EQ(f[1].severity, "warning");
}

TEST(Overflow, FirstOverflowPerSiteWithOperands) {
  SiteTable sites;
  SiteInfo mul;
  mul.site = 3, mul.op = "check", mul.detail = "overflow", mul.subject = "arith.muli";
  mul.file = "k.cu", mul.line = 5, mul.col = 20;
  sites.add(mul);
  OverflowDetector d(&sites);
  d.onLaunch({1, 1, 1}, {32, 1, 1});
  EXPECT_TRUE(d.findings().empty());
  d.onCheck(1, TraceCheckKind::nan, thread(0), 0, 0); // not ours
  d.onCheck(3, TraceCheckKind::overflow, thread(7), 70000, 40000);
  d.onCheck(3, TraceCheckKind::overflow, thread(8), 90000, 40000);
  auto f = d.findings();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, "int-overflow");
  EXPECT_EQ(f[0].severity, "error");
  EXPECT_EQ(f[0].count, 2);
  // The first overflow's operands and exact result.
  EXPECT_NE(f[0].message.find("arith.muli at k.cu:5:20: 70000 * 40000 = 2800000000"),
            std::string::npos)
      << f[0].message;
  // The GPU executor reports one violation per site and the total apart.
  d.onCheckTotal(3, TraceCheckKind::overflow, 512);
  EXPECT_EQ(d.findings()[0].count, 512);
  // A new launch starts over.
  d.onLaunch({1, 1, 1}, {32, 1, 1});
  EXPECT_TRUE(d.findings().empty());
}

TEST(Coverage, NeverTakenSidesAndZeroTripLoops) {
  SiteTable sites;
  auto add = [&](int64_t site, std::string construct) {
    SiteInfo s;
    s.site = site, s.op = "count", s.detail = construct, s.file = "k.cu";
    s.line = unsigned(site + 1);
    sites.add(s);
  };
  add(0, "if");
  add(1, "for");
  add(2, "while");
  add(3, "if");
  CoverageTracker c(&sites);
  c.onLaunch({1, 1, 1}, {4, 1, 1});
  for (int i = 0; i < 4; ++i) {
    c.onCount(0, 0); // then always
    c.onCount(1, 1); // for reached, never iterates
    c.onCount(2, 1);
    c.onCount(2, 0);
  }
  EXPECT_EQ(c.count(0, 0), 4u);
  EXPECT_EQ(c.count(0, 1), 0u);
  auto f = c.findings();
  ASSERT_EQ(f.size(), 4u);
  EXPECT_EQ(f[0].kind, "branch-side-never-taken");
  EXPECT_NE(f[0].message.find("else-side"), std::string::npos);
  EXPECT_EQ(f[1].kind, "loop-zero-trips");
  EXPECT_EQ(f[2].kind, "branch-not-reached");
  EXPECT_EQ(f[3].kind, "coverage");
}

TEST(Probes, StatsAndSamples) {
  ProbeRecorder p(nullptr, 2);
  p.onLaunch({1, 1, 1}, {4, 1, 1});
  p.onProbe(0, thread(0), 1.5);
  p.onProbe(0, thread(1), -2.0);
  p.onProbe(0, thread(2), std::nan(""));
  const ProbeRecorder::Stats *s = p.stats(0);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->count, 3u);
  EXPECT_EQ(s->nans, 1u);
  EXPECT_EQ(s->min, -2.0);
  EXPECT_EQ(s->max, 1.5);
  EXPECT_EQ(s->samples.size(), 2u);
  auto f = p.findings();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].severity, "warning");
  std::string json;
  llvm::raw_string_ostream os(json);
  os << toJSON(llvm::ArrayRef<Finding>(f));
  EXPECT_NE(json.find("\"kind\":\"probe\""), std::string::npos) << json;
}

TEST(TraceSinkMux, ForwardsToAll) {
  CoverageTracker a, b;
  TraceSinkMux mux({&a, &b});
  mux.onCount(3, 1);
  EXPECT_EQ(a.count(3, 1), 1u);
  EXPECT_EQ(b.count(3, 1), 1u);
}

TEST(SiteTable, FromInstrumentedModule) {
  mlir::MLIRContext ctx;
  ctx.loadDialect<KFixDialect, mlir::gpu::GPUDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::vector::VectorDialect>();
  const char *src = R"mlir(
    gpu.module @m {
      gpu.func @k(%x: memref<?xf32>, %y: memref<?xf32>)
          workgroup(%s: memref<32xf32, #gpu.address_space<workgroup>>)
          kernel attributes {kfix.name = "k<float>", kfix.arg_names = ["x", "y"],
                             kfix.shared_names = ["tile"]} {
        %i = gpu.thread_id x
        kfix.access write %y[%i] site 0 : memref<?xf32> loc("k.cu":5:7)
        kfix.access read %s[%i] site 1 : memref<32xf32, #gpu.address_space<workgroup>> loc("k.cu":6:3)
        %v = memref.load %x[%i] : memref<?xf32>
        %l = math.log %v : f32
        %t = arith.constant true
        %n = arith.cmpf uno, %l, %l : f32
        %b = arith.xori %n, %t : i1
        kfix.check nan %b site 2 loc("k.cu":8:1)
        %c = arith.cmpf olt, %v, %l : f32
        kfix.count site 3 counter 1
        scf.if %c {
          kfix.count site 4 counter 0
        }
        gpu.return
      }
    })mlir";
  auto module = mlir::parseSourceString<mlir::ModuleOp>(src, &ctx);
  ASSERT_TRUE(module);
  SiteTable t = SiteTable::build(*module);
  ASSERT_TRUE(t.lookup(0));
  EXPECT_EQ(t.get(0).buffer, "y");
  EXPECT_EQ(t.get(0).argIndex, 1);
  EXPECT_EQ(t.get(0).kernel, "k<float>");
  EXPECT_EQ(t.get(0).loc(), "k.cu:5:7");
  EXPECT_EQ(t.get(1).buffer, "tile");
  EXPECT_EQ(t.get(1).detail, "read");
  EXPECT_EQ(t.get(2).subject, "math.log");
  EXPECT_EQ(t.get(4).detail, "if");
  EXPECT_EQ(t.get(99).loc(), "?");
}

} // namespace
