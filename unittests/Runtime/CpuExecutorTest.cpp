//===- CpuExecutorTest.cpp - kernels in lifted IR run on the CPU executor ---===//
#include "kfix/InitAll.h"
#include "kfix/Runtime/Executor.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace kfix;

namespace {

class CpuExecutorTest : public ::testing::Test {
protected:
  CpuExecutorTest() {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    exec = createCpuExecutor();
  }

  /// Parses `body` (gpu.funcs) inside the lifted module shape and compiles `kernel`.
  std::unique_ptr<CompiledKernel> compile(const std::string &body, llvm::StringRef kernel) {
    std::string text = "module attributes {gpu.container_module} {\n"
                       "gpu.module @kernels {\n" +
                       body + "\n}\n}\n";
    module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
    EXPECT_TRUE(module) << "parse failed";
    if (!module)
      return nullptr;
    std::string error;
    auto k = exec->compile(*module, kernel, error);
    EXPECT_TRUE(k) << error;
    return k;
  }

  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<Executor> exec;
};

template <typename T> Buffer makeBuffer(DType dt, const std::vector<T> &values) {
  Buffer b;
  b.dtype = dt;
  b.shape = {static_cast<int64_t>(values.size())};
  b.data.resize(values.size() * sizeof(T));
  std::memcpy(b.data.data(), values.data(), b.data.size());
  return b;
}

template <typename T> std::vector<T> contents(const Buffer &b) {
  std::vector<T> v(b.data.size() / sizeof(T));
  std::memcpy(v.data(), b.data.data(), b.data.size());
  return v;
}

std::string faultsOf(const ExecResult &r) {
  std::string s;
  for (const ExecFault &f : r.faults)
    s += f.kind + ": " + f.message + "\n";
  return s;
}

const char *kScale = R"mlir(
gpu.func @scale(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32, %n: i32) kernel
    attributes {kfix.name = "scale<float>"} {
  %bid = gpu.block_id x
  %bdim = gpu.block_dim x
  %tid = gpu.thread_id x
  %b = arith.index_castui %bid : index to i32
  %d = arith.index_castui %bdim : index to i32
  %t = arith.index_castui %tid : index to i32
  %m = arith.muli %b, %d : i32
  %i = arith.addi %m, %t : i32
  %c = arith.cmpi slt, %i, %n : i32
  scf.if %c {
    %ii = arith.index_cast %i : i32 to index
    %v = memref.load %x[%ii] : memref<?xf32>
    %r = arith.mulf %v, %a : f32
    memref.store %r, %y[%ii] : memref<?xf32> loc("scale.cu":7:10)
  }
  gpu.return
}
)mlir";

TEST_F(CpuExecutorTest, ElementwiseWithTailGuard) {
  auto k = compile(kScale, "scale<float>");
  ASSERT_TRUE(k);
  const int n = 1000;
  std::vector<float> xs(n);
  for (int i = 0; i < n; ++i)
    xs[i] = static_cast<float>(i) * 0.5f;
  Buffer x = makeBuffer(DType::f32, xs);
  Buffer y = makeBuffer(DType::f32, std::vector<float>(n, -1.0f));
  std::vector<KernelArg> args{KernelArg::ofBuffer(x), KernelArg::ofBuffer(y),
                              KernelArg::ofFloat(3.0), KernelArg::ofInt(n)};
  LaunchConfig cfg;
  cfg.grid = {(n + 127) / 128, 1, 1};
  cfg.block = {128, 1, 1};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  ASSERT_TRUE(r.ok) << faultsOf(r);
  auto ys = contents<float>(y);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(ys[i], xs[i] * 3.0f) << i;
  // Launch again: the compiled kernel is reusable.
  args[2] = KernelArg::ofFloat(-1.0);
  r = k->launch(cfg, args, ExecOptions());
  ASSERT_TRUE(r.ok) << faultsOf(r);
  EXPECT_EQ(contents<float>(y)[10], -5.0f);
}

TEST_F(CpuExecutorTest, OutOfBoundsIsReportedWithLocationAndSkipped) {
  auto k = compile(kScale, "scale");
  ASSERT_TRUE(k);
  Buffer x = makeBuffer(DType::f32, std::vector<float>(100, 1.0f));
  Buffer y = makeBuffer(DType::f32, std::vector<float>(50, 0.0f));
  // n = 100 but y holds 50: stores 50..99 are out of bounds.
  std::vector<KernelArg> args{KernelArg::ofBuffer(x), KernelArg::ofBuffer(y),
                              KernelArg::ofFloat(2.0), KernelArg::ofInt(100)};
  LaunchConfig cfg;
  cfg.grid = {4, 1, 1};
  cfg.block = {32, 1, 1};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.faults.size(), 1u) << faultsOf(r);
  EXPECT_EQ(r.faults[0].kind, "out-of-bounds");
  EXPECT_NE(r.faults[0].message.find("scale.cu:7:10"), std::string::npos) << faultsOf(r);
  EXPECT_NE(r.faults[0].message.find("index 50"), std::string::npos) << faultsOf(r);
  EXPECT_NE(r.faults[0].message.find("thread (18,0,0) block (1,0,0)"), std::string::npos)
      << faultsOf(r);
  EXPECT_NE(r.faults[0].message.find("50 out-of-bounds accesses"), std::string::npos)
      << faultsOf(r);
  EXPECT_EQ(contents<float>(y)[49], 2.0f);
}

// A block sum: shared memory, a tree reduction in an scf.while with barriers.
// SHARED declares %sm (a workgroup attribution or a view of dynamic shared).
const char *kBlockSum = R"mlir(
gpu.func @blocksum(%x: memref<?xf32>, %out: memref<?xf32>, %n: i32) WORKGROUP kernel
    attributes {kfix.name = "blocksum"} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c0i = arith.constant 0 : index
  %tid = gpu.thread_id x
  %bid = gpu.block_id x
  %bdim = gpu.block_dim x
  VIEW
  %t = arith.index_castui %tid : index to i32
  %b = arith.index_castui %bid : index to i32
  %d = arith.index_castui %bdim : index to i32
  %m = arith.muli %b, %d : i32
  %i = arith.addi %m, %t : i32
  %inb = arith.cmpi slt, %i, %n : i32
  %v = scf.if %inb -> f32 {
    %ii = arith.index_cast %i : i32 to index
    %l = memref.load %x[%ii] : memref<?xf32>
    scf.yield %l : f32
  } else {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  }
  memref.store %v, %sm[%tid] : SMTYPE
  gpu.barrier
  %half = arith.shrui %d, %c1 : i32
  %s_end = scf.while (%s = %half) : (i32) -> i32 {
    %cond = arith.cmpi sgt, %s, %c0 : i32
    scf.condition(%cond) %s : i32
  } do {
  ^bb0(%s: i32):
    %lt = arith.cmpi slt, %t, %s : i32
    scf.if %lt {
      %o = arith.addi %t, %s : i32
      %oi = arith.index_cast %o : i32 to index
      %a = memref.load %sm[%tid] : SMTYPE
      %bb = memref.load %sm[%oi] : SMTYPE
      %sum = arith.addf %a, %bb : f32
      memref.store %sum, %sm[%tid] : SMTYPE
    }
    gpu.barrier
    %ns = arith.shrui %s, %c1 : i32
    scf.yield %ns : i32
  }
  %is0 = arith.cmpi eq, %t, %c0 : i32
  scf.if %is0 {
    %r = memref.load %sm[%c0i] : SMTYPE
    %bi = arith.index_cast %b : i32 to index
    memref.store %r, %out[%bi] : memref<?xf32>
  }
  gpu.return
}
)mlir";

std::string replaceAll(std::string s, const std::string &from, const std::string &to) {
  for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
  return s;
}

void runBlockSum(CompiledKernel &k, int64_t sharedBytes) {
  const int n = 1000, block = 256, grid = (n + block - 1) / block;
  std::vector<float> xs(n);
  for (int i = 0; i < n; ++i)
    xs[i] = static_cast<float>(i % 7);
  Buffer x = makeBuffer(DType::f32, xs);
  Buffer out = makeBuffer(DType::f32, std::vector<float>(grid, 0.0f));
  std::vector<KernelArg> args{KernelArg::ofBuffer(x), KernelArg::ofBuffer(out),
                              KernelArg::ofInt(n)};
  LaunchConfig cfg;
  cfg.grid = {grid, 1, 1};
  cfg.block = {block, 1, 1};
  cfg.sharedBytes = sharedBytes;
  ExecResult r = k.launch(cfg, args, ExecOptions());
  ASSERT_TRUE(r.ok) << faultsOf(r);
  auto sums = contents<float>(out);
  for (int g = 0; g < grid; ++g) {
    float expect = 0;
    for (int i = g * block; i < std::min(n, (g + 1) * block); ++i)
      expect += xs[i];
    EXPECT_EQ(sums[g], expect) << "block " << g;
  }
}

TEST_F(CpuExecutorTest, BarriersAndSharedMemoryReduction) {
  std::string text =
      replaceAll(kBlockSum, "SMTYPE", "memref<256xf32, #gpu.address_space<workgroup>>");
  text = replaceAll(text, "WORKGROUP",
                    "workgroup(%sm: memref<256xf32, #gpu.address_space<workgroup>>)");
  text = replaceAll(text, "VIEW", "");
  auto k = compile(text, "blocksum");
  ASSERT_TRUE(k);
  runBlockSum(*k, 0);
}

TEST_F(CpuExecutorTest, DynamicSharedMemory) {
  std::string text =
      replaceAll(kBlockSum, "SMTYPE", "memref<?xf32, #gpu.address_space<workgroup>>");
  text = replaceAll(text, "WORKGROUP", "");
  text = replaceAll(text, "VIEW",
                    "%dsm = gpu.dynamic_shared_memory : memref<?xi8, "
                    "#gpu.address_space<workgroup>>\n"
                    "%sm = memref.view %dsm[%c0i][%bdim] : memref<?xi8, "
                    "#gpu.address_space<workgroup>> to memref<?xf32, "
                    "#gpu.address_space<workgroup>>");
  auto k = compile(text, "blocksum");
  ASSERT_TRUE(k);
  runBlockSum(*k, 256 * sizeof(float));
  // Too little dynamic shared memory: the accesses past it are reported.
  const int n = 256;
  Buffer x = makeBuffer(DType::f32, std::vector<float>(n, 1.0f));
  Buffer out = makeBuffer(DType::f32, std::vector<float>(1, 0.0f));
  std::vector<KernelArg> args{KernelArg::ofBuffer(x), KernelArg::ofBuffer(out),
                              KernelArg::ofInt(n)};
  LaunchConfig cfg;
  cfg.block = {256, 1, 1};
  cfg.sharedBytes = 128 * sizeof(float);
  ExecResult r = k->launch(cfg, args, ExecOptions());
  EXPECT_FALSE(r.ok);
  ASSERT_FALSE(r.faults.empty());
  EXPECT_EQ(r.faults[0].kind, "out-of-bounds") << faultsOf(r);
}

TEST_F(CpuExecutorTest, SharedMemoryStartsPoisoned) {
  auto k = compile(R"mlir(
gpu.func @peek(%out: memref<?xf32>) workgroup(%sm: memref<64xf32, #gpu.address_space<workgroup>>)
    kernel attributes {kfix.name = "peek"} {
  %tid = gpu.thread_id x
  %v = memref.load %sm[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
  memref.store %v, %out[%tid] : memref<?xf32>
  gpu.return
}
)mlir",
                   "peek");
  ASSERT_TRUE(k);
  Buffer out = makeBuffer(DType::f32, std::vector<float>(64, 0.0f));
  std::vector<KernelArg> args{KernelArg::ofBuffer(out)};
  LaunchConfig cfg;
  cfg.block = {64, 1, 1};
  ASSERT_TRUE(k->launch(cfg, args, ExecOptions()).ok);
  for (float v : contents<float>(out))
    EXPECT_TRUE(std::isnan(v));
}

const char *kDivergentBarrier = R"mlir(
gpu.func @div(%out: memref<?xf32>) kernel attributes {kfix.name = "div"} {
  %tid = gpu.thread_id x
  %c16 = arith.constant 16 : index
  %lt = arith.cmpi ult, %tid, %c16 : index
  scf.if %lt {
    gpu.barrier loc("div.cu":5:7)
  } ELSE
  gpu.return
}
)mlir";

TEST_F(CpuExecutorTest, BarrierDivergenceWhenOthersExit) {
  auto k = compile(replaceAll(kDivergentBarrier, "ELSE", ""), "div");
  ASSERT_TRUE(k);
  Buffer out = makeBuffer(DType::f32, std::vector<float>(1, 0.0f));
  std::vector<KernelArg> args{KernelArg::ofBuffer(out)};
  LaunchConfig cfg;
  cfg.block = {32, 1, 1};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.faults.size(), 1u) << faultsOf(r);
  EXPECT_EQ(r.faults[0].kind, "barrier-divergence");
  EXPECT_NE(r.faults[0].message.find("div.cu:5:7"), std::string::npos) << faultsOf(r);
  // A block where every thread takes the barrier is fine.
  cfg.block = {16, 1, 1};
  EXPECT_TRUE(k->launch(cfg, args, ExecOptions()).ok);
}

TEST_F(CpuExecutorTest, BarrierDivergenceAtDifferentBarriers) {
  auto k = compile(
      replaceAll(kDivergentBarrier, "ELSE", "else {\n gpu.barrier loc(\"div.cu\":7:7)\n }"), "div");
  ASSERT_TRUE(k);
  Buffer out = makeBuffer(DType::f32, std::vector<float>(1, 0.0f));
  std::vector<KernelArg> args{KernelArg::ofBuffer(out)};
  LaunchConfig cfg;
  cfg.block = {64, 1, 1};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  ASSERT_EQ(r.faults.size(), 1u) << faultsOf(r);
  EXPECT_EQ(r.faults[0].kind, "barrier-divergence");
  EXPECT_NE(r.faults[0].message.find("div.cu:5:7"), std::string::npos) << faultsOf(r);
  EXPECT_NE(r.faults[0].message.find("div.cu:7:7"), std::string::npos) << faultsOf(r);
}

const char *kSpin = R"mlir(
gpu.func @spin(%out: memref<?xf32>) kernel attributes {kfix.name = "spin"} {
  %true = arith.constant true
  BARRIER
  scf.while : () -> () {
    scf.condition(%true)
  } do {
    scf.yield
  } loc("spin.cu":3:3)
  gpu.return
}
)mlir";

TEST_F(CpuExecutorTest, StepBudgetStopsInfiniteLoop) {
  for (const char *barrier : {"", "gpu.barrier"}) {
    auto k = compile(replaceAll(kSpin, "BARRIER", barrier), "spin");
    ASSERT_TRUE(k);
    Buffer out = makeBuffer(DType::f32, std::vector<float>(1, 0.0f));
    std::vector<KernelArg> args{KernelArg::ofBuffer(out)};
    LaunchConfig cfg;
    cfg.grid = {3, 1, 1};
    cfg.block = {64, 1, 1};
    ExecOptions opts;
    opts.stepBudget = 100000;
    for (int repeat = 0; repeat < 2; ++repeat) {
      ExecResult r = k->launch(cfg, args, opts);
      EXPECT_FALSE(r.ok);
      ASSERT_EQ(r.faults.size(), 1u) << faultsOf(r);
      EXPECT_EQ(r.faults[0].kind, "step-budget");
      EXPECT_NE(r.faults[0].message.find("spin.cu:3:3"), std::string::npos) << faultsOf(r);
      EXPECT_NE(r.faults[0].message.find("block (0,0,0)"), std::string::npos) << faultsOf(r);
    }
  }
  // The executor is still usable after the aborted launches.
  auto k = compile(kScale, "scale");
  Buffer x = makeBuffer(DType::f32, std::vector<float>(4, 2.0f));
  Buffer y = makeBuffer(DType::f32, std::vector<float>(4, 0.0f));
  std::vector<KernelArg> args{KernelArg::ofBuffer(x), KernelArg::ofBuffer(y),
                              KernelArg::ofFloat(2.0), KernelArg::ofInt(4)};
  LaunchConfig cfg;
  cfg.block = {4, 1, 1};
  ASSERT_TRUE(k->launch(cfg, args, ExecOptions()).ok);
  EXPECT_EQ(contents<float>(y)[3], 4.0f);
}

TEST_F(CpuExecutorTest, Shuffles) {
  // out[8*t + k]: xor 1, down 1, up 1, idx 5 (width 32), then down 1, idx 2,
  // xor 4 with width 8, and a down 1 under kfix.mask = 0x0000ffff.
  auto k = compile(R"mlir(
gpu.func @shfl(%out: memref<?xi32>) kernel attributes {kfix.name = "shfl"} {
  %tid = gpu.thread_id x
  %t = arith.index_castui %tid : index to i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c8 = arith.constant 8 : i32
  %c32 = arith.constant 32 : i32
  %v = arith.muli %t, %c2 : i32
  %fv = arith.sitofp %v : i32 to f32
  %r0, %p0 = gpu.shuffle xor %v, %c1, %c32 : i32
  %r1, %p1 = gpu.shuffle down %fv, %c1, %c32 : f32
  %r2, %p2 = gpu.shuffle up %v, %c1, %c32 : i32
  %r3, %p3 = gpu.shuffle idx %v, %c5, %c32 : i32
  %r4, %p4 = gpu.shuffle down %v, %c1, %c8 : i32
  %r5, %p5 = gpu.shuffle idx %v, %c2, %c8 : i32
  %r6, %p6 = gpu.shuffle xor %v, %c4, %c8 : i32
  %c16 = arith.constant 16 : index
  %lo = arith.cmpi ult, %tid, %c16 : index
  %r7 = scf.if %lo -> i32 {
    %m, %pm = gpu.shuffle down %v, %c1, %c32 {kfix.mask = 65535 : i32} : i32
    scf.yield %m : i32
  } else {
    scf.yield %v : i32
  }
  %i1 = arith.fptosi %r1 : f32 to i32
  %c8i = arith.constant 8 : index
  %base = arith.muli %tid, %c8i : index
  %rs = arith.constant 0 : index
  %o0 = arith.addi %base, %rs : index
  memref.store %r0, %out[%o0] : memref<?xi32>
  %k1 = arith.constant 1 : index
  %o1 = arith.addi %base, %k1 : index
  memref.store %i1, %out[%o1] : memref<?xi32>
  %k2 = arith.constant 2 : index
  %o2 = arith.addi %base, %k2 : index
  memref.store %r2, %out[%o2] : memref<?xi32>
  %k3 = arith.constant 3 : index
  %o3 = arith.addi %base, %k3 : index
  memref.store %r3, %out[%o3] : memref<?xi32>
  %k4 = arith.constant 4 : index
  %o4 = arith.addi %base, %k4 : index
  memref.store %r4, %out[%o4] : memref<?xi32>
  %k5 = arith.constant 5 : index
  %o5 = arith.addi %base, %k5 : index
  memref.store %r5, %out[%o5] : memref<?xi32>
  %k6 = arith.constant 6 : index
  %o6 = arith.addi %base, %k6 : index
  memref.store %r6, %out[%o6] : memref<?xi32>
  %k7 = arith.constant 7 : index
  %o7 = arith.addi %base, %k7 : index
  memref.store %r7, %out[%o7] : memref<?xi32>
  gpu.return
}
)mlir",
                   "shfl");
  ASSERT_TRUE(k);
  const int n = 64;
  Buffer out = makeBuffer(DType::i32, std::vector<int32_t>(8 * n, -1));
  std::vector<KernelArg> args{KernelArg::ofBuffer(out)};
  LaunchConfig cfg;
  cfg.block = {n, 1, 1};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  ASSERT_TRUE(r.ok) << faultsOf(r);
  auto o = contents<int32_t>(out);
  for (int t = 0; t < n; ++t) {
    int lane = t % 32, w = t - lane;
    auto val = [&](int l) { return 2 * (w + l); };
    int seg = lane / 8 * 8;
    EXPECT_EQ(o[8 * t + 0], val(lane ^ 1)) << t;
    EXPECT_EQ(o[8 * t + 1], lane + 1 < 32 ? val(lane + 1) : val(lane)) << t;
    EXPECT_EQ(o[8 * t + 2], lane >= 1 ? val(lane - 1) : val(lane)) << t;
    EXPECT_EQ(o[8 * t + 3], val(5)) << t;
    EXPECT_EQ(o[8 * t + 4], lane + 1 < seg + 8 ? val(lane + 1) : val(lane)) << t;
    EXPECT_EQ(o[8 * t + 5], val(seg + 2)) << t;
    EXPECT_EQ(o[8 * t + 6], val(lane ^ 4)) << t;
    // Threads 0-15 shuffle under mask 0xffff: lane 15 reads lane 16, outside
    // the mask, and keeps its own value; the others do not shuffle.
    EXPECT_EQ(o[8 * t + 7], t < 15 ? val(lane + 1) : val(lane)) << t;
  }
}

TEST_F(CpuExecutorTest, WarpReductionWithShuffleDownLoop) {
  auto k = compile(R"mlir(
gpu.func @wsum(%x: memref<?xf32>, %out: memref<?xf32>) kernel attributes {kfix.name = "wsum"} {
  %tid = gpu.thread_id x
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c32 = arith.constant 32 : i32
  %v = memref.load %x[%tid] : memref<?xf32>
  %acc = memref.alloca() {kfix.var = "v"} : memref<f32>
  memref.store %v, %acc[] : memref<f32>
  %end = scf.while (%o = %c16) : (i32) -> i32 {
    %go = arith.cmpi sgt, %o, %c0 : i32
    scf.condition(%go) %o : i32
  } do {
  ^bb0(%o: i32):
    %cur = memref.load %acc[] : memref<f32>
    %s, %ok = gpu.shuffle down %cur, %o, %c32 : f32
    %sum = arith.addf %cur, %s : f32
    memref.store %sum, %acc[] : memref<f32>
    %n = arith.shrui %o, %c1 : i32
    scf.yield %n : i32
  }
  %lane = gpu.lane_id
  %z = arith.constant 0 : index
  %first = arith.cmpi eq, %lane, %z : index
  scf.if %first {
    %c32i = arith.constant 32 : index
    %w = arith.divui %tid, %c32i : index
    %r = memref.load %acc[] : memref<f32>
    memref.store %r, %out[%w] : memref<?xf32>
  }
  gpu.return
}
)mlir",
                   "wsum");
  ASSERT_TRUE(k);
  std::vector<float> xs(128);
  for (int i = 0; i < 128; ++i)
    xs[i] = static_cast<float>(i);
  Buffer x = makeBuffer(DType::f32, xs);
  Buffer out = makeBuffer(DType::f32, std::vector<float>(4, 0.0f));
  std::vector<KernelArg> args{KernelArg::ofBuffer(x), KernelArg::ofBuffer(out)};
  LaunchConfig cfg;
  cfg.block = {128, 1, 1};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  ASSERT_TRUE(r.ok) << faultsOf(r);
  auto o = contents<float>(out);
  for (int w = 0; w < 4; ++w)
    EXPECT_EQ(o[w], 32 * 32 * w + 496) << w;
}

TEST_F(CpuExecutorTest, Votes) {
  auto k = compile(R"mlir(
gpu.func @vote(%out: memref<?xi32>) kernel attributes {kfix.name = "vote"} {
  %tid = gpu.thread_id x
  %lane = gpu.lane_id
  %full = arith.constant -1 : i32
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c31 = arith.constant 31 : index
  %odd = arith.andi %lane, %c1 : index
  %isodd = arith.cmpi eq, %odd, %c1 : index
  %is3 = arith.cmpi eq, %lane, %c3 : index
  %lt31 = arith.cmpi ult, %lane, %c31 : index
  %true = arith.constant true
  %b = nvvm.vote.sync ballot %full, %isodd -> i32
  %any = nvvm.vote.sync any %full, %is3 -> i1
  %all = nvvm.vote.sync all %full, %lt31 -> i1
  %allt = nvvm.vote.sync all %full, %true -> i1
  %bt = nvvm.vote.sync ballot %full, %true -> i32
  nvvm.bar.warp.sync %full : i32
  %any32 = arith.extui %any : i1 to i32
  %all32 = arith.extui %all : i1 to i32
  %allt32 = arith.extui %allt : i1 to i32
  %c5 = arith.constant 5 : index
  %base = arith.muli %tid, %c5 : index
  memref.store %b, %out[%base] : memref<?xi32>
  %o1 = arith.addi %base, %c1 : index
  memref.store %any32, %out[%o1] : memref<?xi32>
  %c2 = arith.constant 2 : index
  %o2 = arith.addi %base, %c2 : index
  memref.store %all32, %out[%o2] : memref<?xi32>
  %o3 = arith.addi %base, %c3 : index
  memref.store %allt32, %out[%o3] : memref<?xi32>
  %c4 = arith.constant 4 : index
  %o4 = arith.addi %base, %c4 : index
  memref.store %bt, %out[%o4] : memref<?xi32>
  gpu.return
}
)mlir",
                   "vote");
  ASSERT_TRUE(k);
  // 40 threads: the second warp has only 8 lanes.
  const int n = 40;
  Buffer out = makeBuffer(DType::i32, std::vector<int32_t>(5 * n, -7));
  std::vector<KernelArg> args{KernelArg::ofBuffer(out)};
  LaunchConfig cfg;
  cfg.block = {n, 1, 1};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  ASSERT_TRUE(r.ok) << faultsOf(r);
  auto o = contents<int32_t>(out);
  for (int t = 0; t < n; ++t) {
    bool full = t < 32;
    EXPECT_EQ(static_cast<uint32_t>(o[5 * t]), full ? 0xAAAAAAAAu : 0xAAu) << t;
    EXPECT_EQ(o[5 * t + 1], 1) << t;
    EXPECT_EQ(o[5 * t + 2], full ? 0 : 1) << t;
    EXPECT_EQ(o[5 * t + 3], 1) << t;
    EXPECT_EQ(static_cast<uint32_t>(o[5 * t + 4]), full ? 0xFFFFFFFFu : 0xFFu) << t;
  }
}

TEST_F(CpuExecutorTest, Atomics) {
  auto k = compile(R"mlir(
gpu.func @atom(%sum: memref<?xf32>, %mx: memref<?xi32>, %cnt: memref<?xi32>,
               %tickets: memref<?xi32>) kernel attributes {kfix.name = "atom"} {
  %tid = gpu.thread_id x
  %bid = gpu.block_id x
  %bdim = gpu.block_dim x
  %m = arith.muli %bid, %bdim : index
  %g = arith.addi %m, %tid : index
  %gi = arith.index_cast %g : index to i32
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : i32
  %c37 = arith.constant 37 : i32
  %s0 = memref.atomic_rmw addf %one, %sum[%c0] : (f32, memref<?xf32>) -> f32
  %key = arith.remui %gi, %c37 : i32
  %m0 = memref.atomic_rmw maxs %key, %mx[%c0] : (i32, memref<?xi32>) -> i32
  %t = memref.atomic_rmw addi %c1, %cnt[%c0] : (i32, memref<?xi32>) -> i32
  memref.store %t, %tickets[%g] : memref<?xi32>
  %c1i = arith.constant 1 : index
  %gp1 = arith.addi %gi, %c1 : i32
  %old = memref.generic_atomic_rmw %cnt[%c1i] : memref<?xi32> {
  ^bb0(%cur: i32):
    %eq = arith.cmpi eq, %cur, %gi : i32
    %new = arith.select %eq, %gp1, %cur : i32
    memref.atomic_yield %new : i32
  }
  gpu.return
}
)mlir",
                   "atom");
  ASSERT_TRUE(k);
  const int block = 64, grid = 4, n = block * grid;
  Buffer sum = makeBuffer(DType::f32, std::vector<float>(1, 0.0f));
  Buffer mx = makeBuffer(DType::i32, std::vector<int32_t>(1, -5));
  Buffer cnt = makeBuffer(DType::i32, std::vector<int32_t>(2, 0));
  Buffer tickets = makeBuffer(DType::i32, std::vector<int32_t>(n, -1));
  std::vector<KernelArg> args{KernelArg::ofBuffer(sum), KernelArg::ofBuffer(mx),
                              KernelArg::ofBuffer(cnt), KernelArg::ofBuffer(tickets)};
  LaunchConfig cfg;
  cfg.grid = {grid, 1, 1};
  cfg.block = {block, 1, 1};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  ASSERT_TRUE(r.ok) << faultsOf(r);
  EXPECT_EQ(contents<float>(sum)[0], static_cast<float>(n));
  EXPECT_EQ(contents<int32_t>(mx)[0], 36);
  auto c = contents<int32_t>(cnt);
  EXPECT_EQ(c[0], n);
  // CAS(cnt[1], g, g + 1) by threads in order 0, 1, ...: a chain that counts to n.
  EXPECT_EQ(c[1], n);
  auto t = contents<int32_t>(tickets);
  std::sort(t.begin(), t.end());
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(t[i], i);
}

TEST_F(CpuExecutorTest, HalfAndBFloat16RoundToNearestEven) {
  auto k = compile(R"mlir(
gpu.func @cvt(%x: memref<?xf32>, %h: memref<?xf16>, %b: memref<?xbf16>, %back: memref<?xf32>,
              %hsum: memref<?xf16>, %d: memref<?xf64>, %hd: memref<?xf16>)
    kernel attributes {kfix.name = "cvt"} {
  %tid = gpu.thread_id x
  %v = memref.load %x[%tid] : memref<?xf32>
  %vh = arith.truncf %v : f32 to f16
  memref.store %vh, %h[%tid] : memref<?xf16>
  %vb = arith.truncf %v : f32 to bf16
  memref.store %vb, %b[%tid] : memref<?xbf16>
  %lh = memref.load %h[%tid] : memref<?xf16>
  %e = arith.extf %lh : f16 to f32
  memref.store %e, %back[%tid] : memref<?xf32>
  %two = arith.constant 2048.0 : f16
  %s = arith.addf %lh, %two : f16
  memref.store %s, %hsum[%tid] : memref<?xf16>
  %dv = memref.load %d[%tid] : memref<?xf64>
  %dh = arith.truncf %dv : f64 to f16
  memref.store %dh, %hd[%tid] : memref<?xf16>
  gpu.return
}
)mlir",
                   "cvt");
  ASSERT_TRUE(k);
  std::vector<float> xs = {1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, 65520.0f, 0x1p-25f, 3 * 0x1p-25f,
                           1.0f + 0x1p-8f,  1.0f + 3 * 0x1p-8f,  -2.5f,    1.0f,     3.0f};
  // Halfway cases between f16 neighbours that double rounding through f32 would break.
  std::vector<double> ds = {1.0 + 0x1p-11 + 0x1p-40, 1.0 + 0x1p-11, 0, 0, 0, 0, 0, 0, 0, 0};
  const int n = static_cast<int>(xs.size());
  Buffer x = makeBuffer(DType::f32, xs);
  Buffer h = makeBuffer(DType::f16, std::vector<uint16_t>(n, 0));
  Buffer b = makeBuffer(DType::bf16, std::vector<uint16_t>(n, 0));
  Buffer back = makeBuffer(DType::f32, std::vector<float>(n, 0));
  Buffer hsum = makeBuffer(DType::f16, std::vector<uint16_t>(n, 0));
  Buffer d = makeBuffer(DType::f64, ds);
  Buffer hd = makeBuffer(DType::f16, std::vector<uint16_t>(n, 0));
  std::vector<KernelArg> args{KernelArg::ofBuffer(x),    KernelArg::ofBuffer(h),
                              KernelArg::ofBuffer(b),    KernelArg::ofBuffer(back),
                              KernelArg::ofBuffer(hsum), KernelArg::ofBuffer(d),
                              KernelArg::ofBuffer(hd)};
  LaunchConfig cfg;
  cfg.block = {n, 1, 1};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  ASSERT_TRUE(r.ok) << faultsOf(r);
  auto hv = contents<uint16_t>(h);
  EXPECT_EQ(hv[0], 0x3C00); // tie -> even (1.0)
  EXPECT_EQ(hv[1], 0x3C02); // tie -> even (1 + 2^-9)
  EXPECT_EQ(hv[2], 0x7C00); // 65520 rounds to infinity
  EXPECT_EQ(hv[3], 0x0000); // half of the smallest subnormal -> 0
  EXPECT_EQ(hv[4], 0x0002); // 1.5 subnormal steps -> 2
  EXPECT_EQ(hv[7], 0xC100); // -2.5
  auto bv = contents<uint16_t>(b);
  EXPECT_EQ(bv[5], 0x3F80); // tie -> even (1.0)
  EXPECT_EQ(bv[6], 0x3F82); // tie -> even (1 + 2^-6)
  EXPECT_EQ(bv[7], 0xC020); // -2.5
  auto backv = contents<float>(back);
  EXPECT_EQ(backv[7], -2.5f);
  EXPECT_EQ(backv[1], 1.0f + 0x1p-9f);
  auto sv = contents<uint16_t>(hsum);
  EXPECT_EQ(sv[8], 0x6800); // 2048 + 1 = 2049 -> tie -> 2048
  EXPECT_EQ(sv[9], 0x6802); // 2048 + 3 = 2051 -> tie -> 2052
  auto hdv = contents<uint16_t>(hd);
  EXPECT_EQ(hdv[0], 0x3C01); // just above the tie: rounds up (no double rounding)
  EXPECT_EQ(hdv[1], 0x3C00); // exact tie -> even
}

TEST_F(CpuExecutorTest, MultiDimensionalGridsAndBlocks) {
  auto k = compile(R"mlir(
gpu.func @coords(%out: memref<?xi32>, %dims: memref<?xi32>) kernel attributes {kfix.name = "coords"} {
  %tx = gpu.thread_id x
  %ty = gpu.thread_id y
  %tz = gpu.thread_id z
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %bz = gpu.block_id z
  %dx = gpu.block_dim x
  %dy = gpu.block_dim y
  %dz = gpu.block_dim z
  %gx = gpu.grid_dim x
  %gy = gpu.grid_dim y
  %gz = gpu.grid_dim z
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %c10000 = arith.constant 10000 : index
  %c100000 = arith.constant 100000 : index
  %v1 = arith.muli %ty, %c10 : index
  %v2 = arith.muli %tz, %c100 : index
  %v3 = arith.muli %bx, %c1000 : index
  %v4 = arith.muli %by, %c10000 : index
  %v5 = arith.muli %bz, %c100000 : index
  %s1 = arith.addi %tx, %v1 : index
  %s2 = arith.addi %s1, %v2 : index
  %s3 = arith.addi %s2, %v3 : index
  %s4 = arith.addi %s3, %v4 : index
  %s5 = arith.addi %s4, %v5 : index
  %val = arith.index_cast %s5 : index to i32
  %blk0 = arith.muli %bz, %gy : index
  %blk1 = arith.addi %blk0, %by : index
  %blk2 = arith.muli %blk1, %gx : index
  %blk = arith.addi %blk2, %bx : index
  %thr0 = arith.muli %tz, %dy : index
  %thr1 = arith.addi %thr0, %ty : index
  %thr2 = arith.muli %thr1, %dx : index
  %thr = arith.addi %thr2, %tx : index
  %nt0 = arith.muli %dx, %dy : index
  %nt = arith.muli %nt0, %dz : index
  %o0 = arith.muli %blk, %nt : index
  %o = arith.addi %o0, %thr : index
  memref.store %val, %out[%o] : memref<?xi32>
  %dsum0 = arith.muli %gx, %c10 : index
  %dsum1 = arith.addi %dsum0, %gy : index
  %dsum2 = arith.muli %dsum1, %c10 : index
  %dsum3 = arith.addi %dsum2, %gz : index
  %dsum4 = arith.muli %dsum3, %c10 : index
  %dsum5 = arith.addi %dsum4, %dx : index
  %dsum6 = arith.muli %dsum5, %c10 : index
  %dsum7 = arith.addi %dsum6, %dy : index
  %dsum8 = arith.muli %dsum7, %c10 : index
  %dsum9 = arith.addi %dsum8, %dz : index
  %dv = arith.index_cast %dsum9 : index to i32
  memref.store %dv, %dims[%o] : memref<?xi32>
  gpu.return
}
)mlir",
                   "coords");
  ASSERT_TRUE(k);
  LaunchConfig cfg;
  cfg.grid = {2, 3, 2};
  cfg.block = {4, 2, 3};
  const int n = 2 * 3 * 2 * 4 * 2 * 3;
  Buffer out = makeBuffer(DType::i32, std::vector<int32_t>(n, -1));
  Buffer dims = makeBuffer(DType::i32, std::vector<int32_t>(n, -1));
  std::vector<KernelArg> args{KernelArg::ofBuffer(out), KernelArg::ofBuffer(dims)};
  ExecResult r = k->launch(cfg, args, ExecOptions());
  ASSERT_TRUE(r.ok) << faultsOf(r);
  auto o = contents<int32_t>(out);
  auto dv = contents<int32_t>(dims);
  int i = 0;
  for (int bz = 0; bz < 2; ++bz)
    for (int by = 0; by < 3; ++by)
      for (int bx = 0; bx < 2; ++bx)
        for (int tz = 0; tz < 3; ++tz)
          for (int ty = 0; ty < 2; ++ty)
            for (int tx = 0; tx < 4; ++tx, ++i) {
              ASSERT_EQ(o[i], tx + 10 * ty + 100 * tz + 1000 * bx + 10000 * by + 100000 * bz) << i;
              ASSERT_EQ(dv[i], 232423) << i;
            }
}

struct RecordingSink : TraceSink {
  std::vector<std::string> events;
  void onLaunch(std::array<uint32_t, 3> g, std::array<uint32_t, 3> b) override {
    events.push_back("launch " + std::to_string(g[0]) + " " + std::to_string(b[0]));
  }
  void onProbe(int64_t site, const ThreadCoord &who, double v) override {
    events.push_back("probe " + std::to_string(site) + " t" + std::to_string(who.tid[0]) + " b" +
                     std::to_string(who.bid[0]) + " " + std::to_string(int(v)));
  }
  void onCount(int64_t site, int64_t counter) override {
    events.push_back("count " + std::to_string(site) + " " + std::to_string(counter));
  }
  void onAccess(int64_t site, TraceAccessKind k, int32_t arg, int64_t linear,
                const ThreadCoord &who) override {
    events.push_back("access " + std::to_string(arg) + " " + std::to_string(linear) + " t" +
                     std::to_string(who.tid[0]));
  }
  void onBarrier(std::array<uint32_t, 3> bid, uint64_t epoch) override {
    events.push_back("barrier b" + std::to_string(bid[0]) + " " + std::to_string(epoch));
  }
  void onBlockEnd(std::array<uint32_t, 3> bid) override {
    events.push_back("end b" + std::to_string(bid[0]));
  }
};

TEST_F(CpuExecutorTest, TraceSinkGetsEventsWithCoordinates) {
  auto k = compile(R"mlir(
gpu.func @tr(%x: memref<?xf32>) workgroup(%sm: memref<2xf32, #gpu.address_space<workgroup>>)
    kernel attributes {kfix.name = "tr"} {
  %t = gpu.thread_id x
  %b = gpu.block_id x
  %ti = arith.index_cast %t : index to i32
  kfix.probe "t" %ti site 7 : i32
  kfix.access write %sm[%t] site 8 : memref<2xf32, #gpu.address_space<workgroup>>
  gpu.barrier
  kfix.count site 9 counter 1
  gpu.return
}
)mlir",
                   "tr");
  ASSERT_TRUE(k);
  Buffer x = makeBuffer(DType::f32, std::vector<float>(1, 0.0f));
  std::vector<KernelArg> args{KernelArg::ofBuffer(x)};
  LaunchConfig cfg;
  cfg.grid = {2, 1, 1};
  cfg.block = {2, 1, 1};
  RecordingSink sink;
  ExecOptions opts;
  opts.sink = &sink;
  ASSERT_TRUE(k->launch(cfg, args, opts).ok);
  std::vector<std::string> expect = {
      "launch 2 2",     "probe 7 t0 b0 0", "access -1 0 t0", "probe 7 t1 b0 1", "access -1 1 t1",
      "barrier b0 0",   "count 9 1",       "count 9 1",      "end b0",          "probe 7 t0 b1 0",
      "access -1 0 t0", "probe 7 t1 b1 1", "access -1 1 t1", "barrier b1 0",    "count 9 1",
      "count 9 1",      "end b1"};
  EXPECT_EQ(sink.events, expect);
}

} // namespace
