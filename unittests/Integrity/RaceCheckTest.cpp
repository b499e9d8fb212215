//===- RaceCheckTest.cpp - the gate's data-race check ---------------------===//
//
// A fake executor computes y = x and reports the trace events a race-
// instrumented kernel would: the check must flag an element stored by two
// threads without atomics, and accept one writer per element or atomics.
//
//===----------------------------------------------------------------------===//
#include "kfix/Integrity/Gate.h"
#include "kfix/InitAll.h"
#include "kfix/Runtime/Validate.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"
#include <functional>

using namespace kfix;

namespace {
enum class Mode { oneWriter, twoWriters, atomics };

class CopyKernel : public CompiledKernel {
public:
  explicit CopyKernel(Mode m) : mode(m) {}
  ExecResult launch(const LaunchConfig &cfg, llvm::MutableArrayRef<KernelArg> args,
                    const ExecOptions &opts) override {
    Buffer &x = *args[0].buffer, &y = *args[1].buffer;
    int64_t n = args[2].i;
    if (opts.sink)
      opts.sink->onLaunch({1, 1, 1}, {uint32_t(n), 1, 1});
    for (int64_t i = 0; i < n; ++i) {
      y.set(i, x.get(i));
      if (!opts.sink)
        continue;
      ThreadCoord who;
      who.tid = {uint32_t(i), 0, 0};
      auto kind = mode == Mode::atomics ? TraceAccessKind::atomic : TraceAccessKind::write;
      opts.sink->onAccess(0, kind, 1, i, who);
      if (mode != Mode::oneWriter && i > 0) // thread i also stores element 0
        opts.sink->onAccess(0, kind, 1, 0, who);
    }
    if (opts.sink)
      opts.sink->onBlockEnd({0, 0, 0});
    return {};
  }
  double compileMs() const override { return 0; }
  Mode mode;
};

class FakeExecutor : public Executor {
public:
  Mode mode = Mode::oneWriter;
  llvm::StringRef name() const override { return "fake"; }
  std::unique_ptr<CompiledKernel> compile(mlir::ModuleOp, llvm::StringRef kernel,
                                          std::string &) override {
    return std::make_unique<CopyKernel>(kernel == "copy" ? mode : Mode::oneWriter);
  }
};

const char *kTask = R"json({
  "kfix_task": 1, "name": "copy", "source": "copy.mlir", "kernel": "copy",
  "params": [
    {"name": "x", "role": "input", "dtype": "f32", "shape": ["N"]},
    {"name": "y", "role": "output", "dtype": "f32", "shape": ["N"]},
    {"name": "n", "role": "scalar", "dtype": "i32", "value": "N"}
  ],
  "launch": {"grid": [1], "block": ["N"]},
  "sizes": [{"N": 16}],
  "reference": {"kind": "cuda", "source": "ref.mlir", "kernel": "copy_ref",
                "params": ["x", "y", "n"], "launch": {"grid": [1], "block": [1]}},
  "tolerance": {"atol": 0, "rtol": 0}
})json";

const char *kModule = R"(module attributes {gpu.container_module} { gpu.module @kernels {
gpu.func @copy(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32) kernel
    attributes {kfix.name = "copy", kfix.arg_names = ["x", "y", "n"]} {
  %t = gpu.thread_id x
  %v = memref.load %x[%t] : memref<?xf32>
  memref.store %v, %y[%t] : memref<?xf32>
  gpu.return
}
} })";

struct RaceCheck : ::testing::Test {
  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  FakeExecutor exec;
  TaskManifest task;
  void SetUp() override {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    module = mlir::parseSourceString<mlir::ModuleOp>(kModule, &ctx);
    ASSERT_TRUE(module);
    auto t = parseManifest(llvm::cantFail(llvm::json::parse(kTask)), "task.json", "/",
                           /*checkFiles=*/false);
    ASSERT_TRUE(static_cast<bool>(t)) << llvm::toString(t.takeError());
    task = std::move(*t);
  }
  GateReport gate() {
    GateInput in;
    in.task = &task;
    in.executor = &exec;
    in.candidate = *module;
    in.reference = *module;
    GateReport report;
    runRaceCheck(in, GateOptions{}, report);
    return report;
  }
};
} // namespace

TEST_F(RaceCheck, OneWriterPerElementPasses) {
  GateReport r = gate();
  EXPECT_TRUE(r.findings.empty()) << r.reason();
  EXPECT_EQ(r.checksRun, std::vector<std::string>{"data-race"});
}

TEST_F(RaceCheck, TwoPlainWritersAreARace) {
  exec.mode = Mode::twoWriters;
  GateReport r = gate();
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].check, "data-race");
  EXPECT_NE(r.findings[0].evidence.find("global-race"), std::string::npos) << r.reason();
  EXPECT_NE(r.findings[0].evidence.find("N=16"), std::string::npos) << r.reason();
}

TEST_F(RaceCheck, AtomicUpdatesAreNotARace) {
  exec.mode = Mode::atomics;
  GateReport r = gate();
  EXPECT_TRUE(r.findings.empty()) << r.reason();
}
