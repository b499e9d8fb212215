//===- CpuExecutorTest.cpp - kernels in lifted IR run on the CPU executor ---===//
#include "kfix/InitAll.h"
#include "kfix/Runtime/Executor.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

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
  std::string text = replaceAll(kBlockSum, "SMTYPE",
                                "memref<256xf32, #gpu.address_space<workgroup>>");
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
  auto k = compile(replaceAll(kDivergentBarrier, "ELSE",
                              "else {\n gpu.barrier loc(\"div.cu\":7:7)\n }"),
                   "div");
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

} // namespace
