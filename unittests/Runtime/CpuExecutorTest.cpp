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

} // namespace
