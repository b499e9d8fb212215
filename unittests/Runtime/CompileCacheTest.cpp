//===- CompileCacheTest.cpp - each (module, kernel) compiled once ---------===//
#include "kfix/InitAll.h"
#include "kfix/Runtime/CompileCache.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <cstring>

using namespace kfix;

namespace {

/// A kernel that says which compile made it.
class CountedKernel : public CompiledKernel {
public:
  CountedKernel(unsigned id, uint64_t bytes) : id(id), bytes(bytes) {}
  ExecResult launch(const LaunchConfig &, llvm::MutableArrayRef<KernelArg> args,
                    const ExecOptions &) override {
    if (!args.empty() && args[0].kind == KernelArg::BufferArg)
      args[0].buffer->data.assign(1, static_cast<uint8_t>(id));
    return {};
  }
  double compileMs() const override { return 5; }
  uint64_t footprintBytes() const override { return bytes; }
  unsigned id;
  uint64_t bytes;
};

/// Counts compiles; kernels named "broken" do not compile.
class CountingExecutor : public Executor {
public:
  CountingExecutor(unsigned &compiles, std::string &options, uint64_t bytes = 1000)
      : compiles(compiles), options(options), bytes(bytes) {}
  llvm::StringRef name() const override { return "counting"; }
  std::string compileOptionsKey() const override { return "counting " + options; }
  std::unique_ptr<CompiledKernel> compile(mlir::ModuleOp, llvm::StringRef kernel,
                                          std::string &error) override {
    ++compiles;
    if (kernel == "broken") {
      error = "broken does not compile";
      return nullptr;
    }
    return std::make_unique<CountedKernel>(compiles, bytes);
  }
  unsigned &compiles;
  std::string &options;
  uint64_t bytes;
};

const char *kModule = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%y: memref<?xf32>) kernel {
      %c = arith.constant 1.0 : f32
      %i = arith.constant 0 : index
      memref.store %c, %y[%i] : memref<?xf32> loc("k.cu":3:5)
      gpu.return
    }
  }
}
)mlir";

class CompileCacheTest : public ::testing::Test {
protected:
  CompileCacheTest() {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    module = mlir::parseSourceString<mlir::ModuleOp>(kModule, &ctx);
  }
  std::unique_ptr<CachingExecutor> makeCache(CompileCacheOptions o = {}, uint64_t bytes = 1000) {
    return std::make_unique<CachingExecutor>(
        std::make_unique<CountingExecutor>(compiles, options, bytes), o);
  }
  /// The id of the compile that made `k` (its launch writes it).
  static unsigned idOf(CompiledKernel &k) {
    Buffer b;
    std::vector<KernelArg> args{KernelArg::ofBuffer(b)};
    k.launch(LaunchConfig(), args, ExecOptions());
    return b.data.empty() ? 0 : b.data[0];
  }
  /// The constant 1.0 of the kernel replaced by `v`.
  void changeConstant(mlir::ModuleOp m, double v) {
    m->walk([&](mlir::arith::ConstantOp c) {
      if (mlir::isa<mlir::FloatType>(c.getType()))
        c.setValueAttr(mlir::FloatAttr::get(c.getType(), v));
    });
  }

  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  unsigned compiles = 0;
  std::string options = "O3";
};

TEST_F(CompileCacheTest, SameModuleTwiceIsOneCompile) {
  ASSERT_TRUE(module);
  auto cache = makeCache();
  std::string err;
  auto a = cache->compile(*module, "k", err);
  auto b = cache->compile(*module, "k", err);
  ASSERT_TRUE(a && b) << err;
  EXPECT_EQ(compiles, 1u);
  EXPECT_FALSE(a->fromCache());
  EXPECT_TRUE(b->fromCache());
  EXPECT_EQ(a->compileMs(), 5);
  EXPECT_EQ(b->compileMs(), 0); // a hit costs no compile
  EXPECT_EQ(idOf(*a), 1u);
  EXPECT_EQ(idOf(*b), 1u); // the same kernel
  CompileCacheStats s = cache->stats();
  EXPECT_EQ(s.compiles, 1u);
  EXPECT_EQ(s.hits, 1u);
  EXPECT_EQ(s.entries, 1u);
  EXPECT_EQ(cache->compilesOf(*module, "k"), 1u);

  // A clone is the same content: a hit.
  mlir::OwningOpRef<mlir::ModuleOp> clone(mlir::cast<mlir::ModuleOp>(module->clone()));
  auto c = cache->compile(*clone, "k", err);
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->fromCache());
  EXPECT_EQ(compiles, 1u);
}

TEST_F(CompileCacheTest, ChangedModuleIsANewCompile) {
  ASSERT_TRUE(module);
  auto cache = makeCache();
  std::string err;
  std::string before = CachingExecutor::moduleFingerprint(*module);
  auto a = cache->compile(*module, "k", err);
  mlir::OwningOpRef<mlir::ModuleOp> changed(mlir::cast<mlir::ModuleOp>(module->clone()));
  changeConstant(*changed, 2.0);
  EXPECT_NE(CachingExecutor::moduleFingerprint(*changed), before);
  auto b = cache->compile(*changed, "k", err);
  ASSERT_TRUE(a && b) << err;
  EXPECT_EQ(compiles, 2u);
  EXPECT_FALSE(b->fromCache());
  EXPECT_EQ(idOf(*b), 2u);
  // The original is still cached.
  auto c = cache->compile(*module, "k", err);
  EXPECT_TRUE(c->fromCache());
  EXPECT_EQ(idOf(*c), 1u);
  EXPECT_EQ(compiles, 2u);

  // Only a location changed: fault messages would differ, so a new compile.
  mlir::OwningOpRef<mlir::ModuleOp> moved(mlir::cast<mlir::ModuleOp>(module->clone()));
  moved->walk(
      [&](mlir::memref::StoreOp st) { st->setLoc(mlir::FileLineColLoc::get(&ctx, "k.cu", 4, 5)); });
  auto d = cache->compile(*moved, "k", err);
  EXPECT_FALSE(d->fromCache());
  EXPECT_EQ(compiles, 3u);

  // Another kernel name, or other target options, is another key.
  cache->compile(*module, "other", err);
  EXPECT_EQ(compiles, 4u);
  options = "O0";
  auto e = cache->compile(*module, "k", err);
  EXPECT_FALSE(e->fromCache());
  EXPECT_EQ(compiles, 5u);
}

TEST_F(CompileCacheTest, FailedCompilesAreCached) {
  ASSERT_TRUE(module);
  auto cache = makeCache();
  std::string err;
  EXPECT_FALSE(cache->compile(*module, "broken", err));
  EXPECT_EQ(err, "broken does not compile");
  err.clear();
  EXPECT_FALSE(cache->compile(*module, "broken", err));
  EXPECT_EQ(err, "broken does not compile");
  EXPECT_EQ(compiles, 1u);
  EXPECT_EQ(cache->stats().failures, 1u);
}

TEST_F(CompileCacheTest, BoundedByEntriesAndBytes) {
  ASSERT_TRUE(module);
  CompileCacheOptions o;
  o.maxEntries = 2;
  auto cache = makeCache(o);
  std::string err;
  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> mods;
  for (int i = 0; i < 3; ++i) {
    mods.emplace_back(mlir::cast<mlir::ModuleOp>(module->clone()));
    changeConstant(*mods.back(), 10.0 + i);
  }
  auto k0 = cache->compile(*mods[0], "k", err);
  cache->compile(*mods[1], "k", err);
  cache->compile(*mods[0], "k", err); // mods[0] is now the most recent
  cache->compile(*mods[2], "k", err); // evicts mods[1]
  EXPECT_EQ(compiles, 3u);
  EXPECT_EQ(cache->stats().entries, 2u);
  EXPECT_EQ(cache->stats().evictions, 1u);
  EXPECT_TRUE(cache->compile(*mods[0], "k", err)->fromCache());
  EXPECT_FALSE(cache->compile(*mods[1], "k", err)->fromCache());
  EXPECT_EQ(compiles, 4u);
  EXPECT_EQ(cache->compilesOf(*mods[1], "k"), 2u);
  // A handle outlives its entry's eviction.
  EXPECT_EQ(idOf(*k0), 1u);

  // Bytes: entries of 1 MiB under a 2.5 MiB bound keep two.
  compiles = 0;
  CompileCacheOptions b;
  b.maxBytes = (uint64_t(5) << 20) / 2;
  auto big = makeCache(b, uint64_t(1) << 20);
  for (auto &m : mods)
    big->compile(*m, "k", err);
  EXPECT_EQ(big->stats().entries, 2u);
  EXPECT_LE(big->stats().bytes, b.maxBytes);
  EXPECT_FALSE(big->compile(*mods[0], "k", err)->fromCache());
}

TEST_F(CompileCacheTest, DisabledCompilesEveryTime) {
  ASSERT_TRUE(module);
  CompileCacheOptions o;
  o.enabled = false;
  auto cache = makeCache(o);
  std::string err;
  cache->compile(*module, "k", err);
  auto b = cache->compile(*module, "k", err);
  EXPECT_EQ(compiles, 2u);
  EXPECT_FALSE(b->fromCache());
  EXPECT_EQ(cache->stats().hits, 0u);
  EXPECT_EQ(cache->compilesOf(*module, "k"), 2u);
}

TEST_F(CompileCacheTest, CpuExecutorKernelsStayWarm) {
  ASSERT_TRUE(module);
  CachingExecutor cache(createCpuExecutor(), CompileCacheOptions());
  std::string err;
  auto a = cache.compile(*module, "k", err);
  ASSERT_TRUE(a) << err;
  auto b = cache.compile(*module, "k", err);
  ASSERT_TRUE(b) << err;
  EXPECT_TRUE(b->fromCache());
  EXPECT_EQ(cache.stats().compiles, 1u);
  EXPECT_GT(a->footprintBytes(), 0u);
  Buffer y;
  y.dtype = DType::f32;
  y.shape = {4};
  y.data.assign(16, 0);
  std::vector<KernelArg> args{KernelArg::ofBuffer(y)};
  ExecResult r = b->launch(LaunchConfig(), args, ExecOptions());
  ASSERT_TRUE(r.ok);
  float v;
  std::memcpy(&v, y.data.data(), 4);
  EXPECT_EQ(v, 1.0f);
}

} // namespace
