//===- ValidateTest.cpp - validation with a fake executor -----------------===//
//
// The fake executor runs C++ functions by kernel name (it ignores the module),
// so validation is tested without the lifter or a real executor.
//
//===----------------------------------------------------------------------===//
#include "kfix/Runtime/ExecutorRegistry.h"
#include "kfix/Runtime/Inputs.h"
#include "kfix/Runtime/Validate.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/ScopeExit.h"
#include "gtest/gtest.h"
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>

using namespace kfix;

namespace {
using KernelFn = std::function<ExecResult(const LaunchConfig &, llvm::MutableArrayRef<KernelArg>)>;

class FakeKernel : public CompiledKernel {
public:
  explicit FakeKernel(KernelFn fn) : fn(std::move(fn)) {}
  ExecResult launch(const LaunchConfig &cfg, llvm::MutableArrayRef<KernelArg> args,
                    const ExecOptions &) override {
    return fn(cfg, args);
  }
  double compileMs() const override { return 1; }
  KernelFn fn;
};

class FakeExecutor : public Executor {
public:
  std::map<std::string, KernelFn> kernels;
  llvm::StringRef name() const override { return "fake"; }
  std::unique_ptr<CompiledKernel> compile(mlir::ModuleOp, llvm::StringRef kernel,
                                          std::string &error) override {
    auto it = kernels.find(kernel.str());
    if (it == kernels.end()) {
      error = "no such kernel";
      return nullptr;
    }
    return std::make_unique<FakeKernel>(it->second);
  }
};

/// y = a * x + y over n elements, optionally perturbed.
ExecResult saxpy(llvm::MutableArrayRef<KernelArg> args, int skipFrom = -1, float bump = 0) {
  Buffer &x = *args[0].buffer, &y = *args[1].buffer;
  float a = static_cast<float>(args[2].f);
  int64_t n = args[3].i;
  for (int64_t i = 0; i < n; ++i) {
    if (skipFrom >= 0 && i >= skipFrom)
      break;
    y.set(i, a * static_cast<float>(x.get(i)) + static_cast<float>(y.get(i)) + bump);
  }
  return {};
}

const char *kSaxpy = R"json({
  "kfix_task": 1, "name": "saxpy", "source": "saxpy.mlir", "kernel": "saxpy",
  "params": [
    {"name": "x", "role": "input", "dtype": "f32", "shape": ["N"]},
    {"name": "y", "role": "inout", "dtype": "f32", "shape": ["N"]},
    {"name": "a", "role": "scalar", "dtype": "f32", "value": "A"},
    {"name": "n", "role": "scalar", "dtype": "i32", "value": "N"}
  ],
  "launch": {"grid": ["ceildiv(N,128)"], "block": [128]},
  "sizes": [{"N": 1000, "A": 2.0}, {"N": 37, "A": -0.5}],
  "reference": {"kind": "cuda", "source": "ref.mlir", "kernel": "saxpy_ref",
                "params": ["x", "y", "a", "n"], "launch": {"grid": [1], "block": [1]}},
  "tolerance": {"atol": 1e-6, "rtol": 1e-6},
  "seeds": 2
})json";

struct ValidateFixture : ::testing::Test {
  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  FakeExecutor exec;
  TaskManifest task;

  void SetUp() override {
    module = mlir::ModuleOp::create(mlir::UnknownLoc::get(&ctx));
    exec.kernels["saxpy_ref"] = [](const LaunchConfig &, auto args) { return saxpy(args); };
    auto t = parseManifest(llvm::cantFail(llvm::json::parse(kSaxpy)), "task.json",
                           KFIX_SOURCE_DIR "/test/Runtime/Inputs", /*checkFiles=*/false);
    ASSERT_TRUE(static_cast<bool>(t)) << llvm::toString(t.takeError());
    task = std::move(*t);
  }
  ValidationResult run(const ValidateOptions &opts = {}) {
    return validate(task, exec, *module, *module, opts);
  }
};
} // namespace

TEST_F(ValidateFixture, Pass) {
  exec.kernels["saxpy"] = [](const LaunchConfig &cfg, auto args) {
    EXPECT_EQ(cfg.block[0], 128);
    EXPECT_EQ(cfg.grid[0], (args[3].i + 127) / 128);
    return saxpy(args);
  };
  ValidationResult r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Pass) << r.error;
  ASSERT_EQ(r.cases.size(), 4u);
  EXPECT_EQ(r.passed(), 4u);
  EXPECT_EQ(r.cases[2].sizeIndex, 1u);
  EXPECT_EQ(r.cases[3].seed, 1u);
  EXPECT_EQ(r.cases[0].outputs[0].param, "y");
  EXPECT_EQ(r.cases[0].outputs[0].stats.numel, 1000);
  EXPECT_FALSE(r.failing.has_value());
  EXPECT_EQ(r.firstFailing(), nullptr);
  // The JSON report holds the verdict and the size bindings.
  llvm::json::Value j = toJSON(r, task.sizeNames);
  EXPECT_EQ(*j.getAsObject()->getString("verdict"), "pass");
  EXPECT_EQ(
      *(*j.getAsObject()->getArray("cases"))[2].getAsObject()->getObject("sizes")->getInteger("N"),
      37);
}

// The names in report.json and on the terminal, and back.
TEST(ValidateNames, CaseStatusAndVerdictRoundTrip) {
  for (CaseStatus c :
       {CaseStatus::Pass, CaseStatus::Mismatch, CaseStatus::Nondeterministic, CaseStatus::Fault})
    EXPECT_EQ(parseCaseStatus(toString(c)), c);
  EXPECT_EQ(toString(CaseStatus::Nondeterministic), "nondeterministic");
  EXPECT_FALSE(parseCaseStatus("PASS").has_value());
  for (ValidationVerdict v : {ValidationVerdict::Pass, ValidationVerdict::Fail,
                              ValidationVerdict::Error, ValidationVerdict::NotVerified})
    EXPECT_EQ(parseValidationVerdict(toString(v)), v);
  EXPECT_EQ(toString(ValidationVerdict::NotVerified), "not-verified");
  EXPECT_FALSE(parseValidationVerdict("").has_value());
}

TEST_F(ValidateFixture, MismatchKeepsMaskAndBuffers) {
  exec.kernels["saxpy"] = [](const LaunchConfig &, auto args) {
    return saxpy(args, /*skipFrom=*/-1, /*bump=*/0);
  };
  // Wrong only for the second size: skip the tail.
  exec.kernels["saxpy"] = [](const LaunchConfig &, auto args) {
    return saxpy(args, args[3].i == 37 ? 30 : -1);
  };
  ValidationResult r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Fail);
  EXPECT_EQ(r.passed(), 2u);
  const CaseResult &c = r.cases[2];
  EXPECT_EQ(c.status, CaseStatus::Mismatch);
  const CompareStats &s = c.outputs[0].stats;
  EXPECT_EQ(s.mismatches, 7);
  EXPECT_EQ(s.first.front().index, (std::vector<int64_t>{30}));
  ASSERT_EQ(s.mask.size(), 37u);
  EXPECT_TRUE(s.mask[36]);
  EXPECT_FALSE(s.mask[29]);
  ASSERT_NE(r.firstFailing(), nullptr);
  EXPECT_EQ(r.firstFailing()->caseIndex, 2u);
  // The kept buffers reproduce the comparison.
  const Buffer &in = r.firstFailing()->inputs[1], &got = r.firstFailing()->candidate[1],
               &want = r.firstFailing()->reference[1];
  EXPECT_EQ(got.get(31), in.get(31)); // left as the input was
  EXPECT_NE(got.get(31), want.get(31));
  EXPECT_TRUE(r.cases[0].outputs[0].stats.mask.empty()); // passing outputs keep no mask
}

TEST_F(ValidateFixture, OutputsArePoisonedAndInputsFresh) {
  task.params[1].role = Role::output; // y is now an output: the candidate sees poison
  bool sawPoison = false;
  std::vector<double> firstX;
  exec.kernels["saxpy"] = [&](const LaunchConfig &, auto args) {
    sawPoison = isPoisoned(*args[1].buffer, 0);
    firstX.push_back(args[0].buffer->get(0));
    Buffer &y = *args[1].buffer;
    for (int64_t i = 0; i + 1 < args[3].i; ++i) // forgets the last element
      y.set(i, args[2].f * args[0].buffer->get(i));
    return ExecResult();
  };
  exec.kernels["saxpy_ref"] = [](const LaunchConfig &, auto args) {
    Buffer &y = *args[1].buffer;
    for (int64_t i = 0; i < args[3].i; ++i)
      y.set(i, args[2].f * args[0].buffer->get(i));
    return ExecResult();
  };
  ValidationResult r = run();
  EXPECT_TRUE(sawPoison);
  // Two runs per case, same inputs within a case, different inputs across seeds.
  ASSERT_EQ(firstX.size(), 8u);
  EXPECT_EQ(firstX[0], firstX[1]);
  EXPECT_NE(firstX[0], firstX[2]);
  EXPECT_EQ(r.cases[0].status, CaseStatus::Mismatch);
  EXPECT_EQ(r.cases[0].outputs[0].stats.mismatches, 1);
  EXPECT_EQ(r.cases[0].outputs[0].stats.unwritten, 1);
  EXPECT_TRUE(r.cases[0].outputs[0].stats.first[0].unwritten);
}

TEST_F(ValidateFixture, NondeterministicWithinTolerance) {
  // Two runs that differ in the last bits but both match the reference (a
  // float atomicAdd reduction on a GPU): reported, not failed.
  int calls = 0;
  exec.kernels["saxpy"] = [&](const LaunchConfig &, auto args) {
    return saxpy(args, -1, (calls++ % 2) ? 1e-9f : 0.0f);
  };
  task.tolerance = {1e-3, 1e-3};
  ValidationResult r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Pass);
  EXPECT_EQ(r.cases[0].status, CaseStatus::Pass);
  EXPECT_GT(r.cases[0].outputs[0].nondeterministic, 0);
  EXPECT_EQ(r.cases[0].outputs[0].stats.mismatches, 0);
}

TEST_F(ValidateFixture, NondeterministicOutsideTolerance) {
  // The first run matches, the second does not: the result depends on the
  // schedule beyond the tolerance, and the case fails as nondeterministic.
  int calls = 0;
  exec.kernels["saxpy"] = [&](const LaunchConfig &, auto args) {
    return saxpy(args, -1, (calls++ % 2) ? 0.5f : 0.0f);
  };
  task.tolerance = {1e-3, 1e-3};
  ValidationResult r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Fail);
  EXPECT_EQ(r.cases[0].status, CaseStatus::Nondeterministic);
  EXPECT_GT(r.cases[0].outputs[0].nondeterministic, 0);
  EXPECT_EQ(r.cases[0].outputs[0].stats.mismatches, 0);
}

TEST_F(ValidateFixture, FaultAndCompileError) {
  exec.kernels["saxpy"] = [](const LaunchConfig &, auto) {
    ExecResult r;
    r.ok = false;
    r.faults.push_back({"out-of-bounds", "k.cu:3:5: write y[1000] by thread (104,0,0)"});
    return r;
  };
  ValidationResult r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Fail);
  EXPECT_EQ(r.cases[0].status, CaseStatus::Fault);
  EXPECT_EQ(r.cases[0].faults[0].kind, "out-of-bounds");
  exec.kernels.erase("saxpy");
  r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Error);
  EXPECT_EQ(r.errorSource, ValidationErrorSource::candidate);
  EXPECT_NE(r.error.find("candidate kernel 'saxpy' does not compile on fake: no such kernel"),
            std::string::npos);
}

TEST_F(ValidateFixture, StopAtFirstFailure) {
  exec.kernels["saxpy"] = [](const LaunchConfig &, auto args) { return saxpy(args, 0); };
  ValidateOptions opts;
  opts.stopAtFirstFailure = true;
  ValidationResult r = run(opts);
  EXPECT_EQ(r.cases.size(), 1u);
}

TEST_F(ValidateFixture, MultipleLaunchesWithScratch) {
  // Candidate: t = a * x (scratch), then y = t + y.
  task.params.push_back(task.params[0]);
  task.params.back().name = "t";
  task.params.back().role = Role::scratch;
  KernelLaunch l1 = task.launches[0], l2 = task.launches[0];
  l1.kernel = "scale";
  l1.params = {"x", "t", "a", "n"};
  l2.kernel = "accumulate";
  l2.params = {"t", "y", "n"};
  task.launches = {l1, l2};
  exec.kernels["scale"] = [](const LaunchConfig &, auto args) {
    for (int64_t i = 0; i < args[3].i; ++i)
      args[1].buffer->set(i, static_cast<float>(args[2].f) *
                                 static_cast<float>(args[0].buffer->get(i)));
    return ExecResult();
  };
  exec.kernels["accumulate"] = [](const LaunchConfig &, auto args) {
    for (int64_t i = 0; i < args[2].i; ++i)
      args[1].buffer->set(i, static_cast<float>(args[0].buffer->get(i)) +
                                 static_cast<float>(args[1].buffer->get(i)));
    return ExecResult();
  };
  ValidationResult r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Pass) << r.error;
  EXPECT_EQ(task.candidateKernels().size(), 2u);
}

TEST_F(ValidateFixture, CommandReference) {
  if (std::system("python3 -c 'import struct' >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "no python3";
  task.reference = ReferenceSpec();
  task.reference.kind = ReferenceSpec::command;
  task.reference.argv = {"python3", "saxpy_ref.py"}; // relative to the task's directory
  exec.kernels["saxpy"] = [](const LaunchConfig &, auto args) { return saxpy(args); };
  task.tolerance = {1e-5, 1e-5};
  // The protocol itself: every validation runs the command (the environment
  // switches below change what it does).
  ::setenv("KFIX_REFERENCE_CACHE", "0", 1);
  llvm::scope_exit restore([] { ::unsetenv("KFIX_REFERENCE_CACHE"); });
  ValidationResult r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Pass) << r.error;
  EXPECT_EQ(r.cases.size(), 4u);

  exec.kernels["saxpy"] = [](const LaunchConfig &, auto args) { return saxpy(args, -1, 0.5f); };
  r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Fail);
  EXPECT_EQ(r.cases[0].outputs[0].stats.mismatches, 1000);

  ::setenv("KFIX_TEST_REF_FAIL", "1", 1);
  r = run();
  ::unsetenv("KFIX_TEST_REF_FAIL");
  EXPECT_EQ(r.verdict, ValidationVerdict::Error);
  EXPECT_EQ(r.errorSource, ValidationErrorSource::reference);
  EXPECT_NE(r.error.find("exited with status 3"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("failing on purpose"), std::string::npos) << r.error;

  // (An inout's input file is already there, so only an output can be missing.)
  task.params[1].role = Role::output;
  ::setenv("KFIX_TEST_REF_SKIP", "1", 1);
  r = run();
  ::unsetenv("KFIX_TEST_REF_SKIP");
  EXPECT_EQ(r.verdict, ValidationVerdict::Error);
  EXPECT_NE(r.error.find("did not write y.npy"), std::string::npos) << r.error;
}

TEST_F(ValidateFixture, CommandReferenceCached) {
  if (std::system("python3 -c 'import struct' >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "no python3";
  task.reference = ReferenceSpec();
  task.reference.kind = ReferenceSpec::command;
  task.reference.argv = {"python3", "saxpy_ref.py"};
  exec.kernels["saxpy"] = [](const LaunchConfig &, auto args) { return saxpy(args); };
  task.tolerance = {1e-5, 1e-5};
  ValidationResult r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Pass) << r.error;
  // Same cases again: the outputs come from the cache, the command does not
  // run (it would fail now).
  ::setenv("KFIX_TEST_REF_FAIL", "1", 1);
  llvm::scope_exit restore([] {
    ::unsetenv("KFIX_TEST_REF_FAIL");
    ::unsetenv("KFIX_REFERENCE_CACHE");
  });
  r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Pass) << r.error;
  // Other inputs (another seed) are other cases: the command runs and fails.
  ValidateOptions other;
  other.seedBase = 100;
  r = run(other);
  EXPECT_EQ(r.verdict, ValidationVerdict::Error);
  EXPECT_NE(r.error.find("exited with status 3"), std::string::npos) << r.error;
  // Cache off: runs every time.
  ::setenv("KFIX_REFERENCE_CACHE", "0", 1);
  r = run();
  EXPECT_EQ(r.verdict, ValidationVerdict::Error);
}

TEST(ExecutorRegistry, AutoPrefersCudaThenCpu) {
  std::string why;
  EXPECT_EQ(createExecutor("tpu", why), nullptr);
  EXPECT_NE(why.find("unknown or unavailable target 'tpu'"), std::string::npos);
  registerExecutorFactory(
      "fake-test", [](std::string &) { return std::unique_ptr<Executor>(new FakeExecutor()); });
  auto e = createExecutor("fake-test", why);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->name(), "fake");
}

TEST(Inputs, DeterministicDraws) {
  Buffer a(DType::f32, {100}), b(DType::f32, {100});
  InputSpec normal;
  normal.a = 0;
  normal.b = 3;
  ASSERT_FALSE(static_cast<bool>(fillInput(a, normal, 42)));
  ASSERT_FALSE(static_cast<bool>(fillInput(b, normal, 42)));
  EXPECT_EQ(a.data, b.data);
  ASSERT_FALSE(static_cast<bool>(fillInput(b, normal, 43)));
  EXPECT_NE(a.data, b.data);
  // Pinned values: the generator must give the same bits on every machine.
  Rng r(1);
  EXPECT_EQ(r.next(), 0xb3f2af6d0fc710c5ULL);
  EXPECT_EQ(inputSeed(0, 0, "x"), inputSeed(0, 0, "x"));
  EXPECT_NE(inputSeed(0, 0, "x"), inputSeed(0, 1, "x"));
  EXPECT_NE(inputSeed(0, 0, "x"), inputSeed(1, 0, "x"));
  EXPECT_NE(inputSeed(0, 0, "x"), inputSeed(0, 0, "y"));
  // Moments of a large normal draw.
  Buffer big(DType::f64, {200000});
  ASSERT_FALSE(static_cast<bool>(fillInput(big, normal, 7)));
  double sum = 0, sq = 0;
  for (int64_t i = 0; i < big.numel(); ++i) {
    sum += big.get(i);
    sq += big.get(i) * big.get(i);
  }
  EXPECT_NEAR(sum / big.numel(), 0, 0.03);
  EXPECT_NEAR(std::sqrt(sq / big.numel()), 3, 0.03);
}

TEST(Inputs, Distributions) {
  InputSpec s;
  s.dist = InputSpec::randint;
  s.a = -3;
  s.b = 4;
  Buffer i(DType::i8, {1000});
  ASSERT_FALSE(static_cast<bool>(fillInput(i, s, 1)));
  int64_t lo = 100, hi = -100;
  for (int64_t k = 0; k < 1000; ++k) {
    lo = std::min(lo, i.getInt(k));
    hi = std::max(hi, i.getInt(k));
  }
  EXPECT_EQ(lo, -3);
  EXPECT_EQ(hi, 3);
  s.dist = InputSpec::uniform;
  s.a = 5;
  s.b = 6;
  Buffer u(DType::bf16, {1000});
  ASSERT_FALSE(static_cast<bool>(fillInput(u, s, 1)));
  for (int64_t k = 0; k < 1000; ++k) {
    EXPECT_GE(u.get(k), 5.0);
    EXPECT_LE(u.get(k), 6.0); // rounding to bf16 may reach the upper bound
  }
  s.dist = InputSpec::arange;
  Buffer ar(DType::f16, {3000});
  ASSERT_FALSE(static_cast<bool>(fillInput(ar, s, 1)));
  EXPECT_EQ(ar.get(2049), 2048.0); // f16 spacing is 2 there: rounds to even
  EXPECT_EQ(ar.get(17), 17.0);
  s.dist = InputSpec::constant;
  s.a = 0.1;
  Buffer c(DType::f32, {2});
  ASSERT_FALSE(static_cast<bool>(fillInput(c, s, 1)));
  EXPECT_EQ(c.get(1), static_cast<double>(0.1f));
}
