//===- SearchTest.cpp - the repair loop on a synthetic problem ------------===//
//
// Candidates are modules whose "bugs" are the non-zero constants of a function;
// the planner proposes source patches (module texts) that zero some of them.
// That exercises keep/revert, backtracking, the gate, guards and budgets
// without a task or an executor.
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/EditSearch.h"
#include "kfix/Agent/KBPlanner.h"
#include "kfix/Agent/Search.h"
#include "kfix/InitAll.h"
#include "kfix/Runtime/Manifest.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace kfix;

namespace {
std::string moduleText(std::vector<int> bugs) {
  std::string s = "module { func.func @k() {";
  for (size_t i = 0; i < bugs.size(); ++i)
    s += " %c" + std::to_string(i) + " = arith.constant " + std::to_string(bugs[i]) + " : i32";
  return s + " return } }";
}

class BugEvaluator : public Evaluator {
public:
  explicit BugEvaluator(MLIRContext &ctx) : ctx(ctx) {}
  Evaluation evaluate(ModuleOp m, bool full) override {
    Evaluation e;
    e.evaluations = 1;
    int bugs = 0;
    m.walk([&](arith::ConstantOp c) {
      if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
        // 42 is a bug validation cannot see (a race that left the values
        // right); only a gate can reject it.
        bugs += i.getInt() != 0 && i.getInt() != 42 ? (i.getInt() > 50 ? 3 : 1) : 0;
    });
    e.measure = bugs;
    e.passed = bugs == 0;
    e.summary = std::to_string(bugs) + " bugs";
    ++count;
    return e;
  }
  OwningOpRef<ModuleOp> relift(const std::string &src, std::string &error) override {
    auto m = parseSourceString<ModuleOp>(src, &ctx);
    if (!m)
      error = "does not parse";
    return m;
  }
  MLIRContext &ctx;
  unsigned count = 0;
};

/// Whether a candidate still holds the bug only a gate can see (42).
bool has42(const SearchState &st) {
  std::string text;
  llvm::raw_string_ostream os(text);
  st.module.get()->print(os);
  return text.find("arith.constant 42") != std::string::npos;
}

/// Proposes fixed patches per state (by the number of constants still non-zero).
class ScriptPlanner : public Planner {
public:
  std::function<std::vector<std::string>(const SearchState &)> script;
  llvm::StringRef name() const override { return "script"; }
  std::vector<Action> propose(const SearchState &s,
                              const std::vector<std::string> &tried) override {
    std::vector<Action> out;
    for (auto &text : script(s)) {
      Action a;
      a.kind = Action::Patch;
      a.patch = text;
      out.push_back(a);
    }
    return out;
  }
};

class Search : public ::testing::Test {
protected:
  Search() {
    DialectRegistry r;
    registerAllDialects(r);
    ctx.appendDialectRegistry(r);
    ctx.loadAllAvailableDialects();
    ctx.printOpOnDiagnostic(false);
  }
  std::unique_ptr<SearchState> start(std::vector<int> bugs) {
    auto s = std::make_unique<SearchState>();
    s->module = parseSourceString<ModuleOp>(moduleText(bugs), &ctx);
    return s;
  }
  MLIRContext ctx;
};
} // namespace

TEST_F(Search, CombinesTwoRepairsAndBacktracks) {
  BugEvaluator ev(ctx);
  ScriptPlanner p;
  // From {7, 9}: a patch that makes things worse, a useless one, then one that
  // fixes the first bug; from {0, 9}: the start again (a cycle), a dead end, then
  // the real fix.
  p.script = [&](const SearchState &s) -> std::vector<std::string> {
    if (s.eval.measure == 2)
      return {moduleText({99, 9}), moduleText({7, 9}), moduleText({0, 9})};
    if (s.eval.measure == 1)
      return {moduleText({7, 9}), moduleText({0, 77}), moduleText({0, 0})};
    return {};
  };
  SearchOptions o;
  auto r = runSearch(start({7, 9}), ev, p, o);
  EXPECT_EQ(r.stopReason, "success");
  EXPECT_TRUE(r.repaired);
  ASSERT_TRUE(r.best);
  EXPECT_EQ(r.best->path.size(), 2u);
  std::vector<std::string> outcomes;
  for (auto &st : r.steps)
    outcomes.push_back(st.outcome);
  std::vector<std::string> want = {"reverted", "no-change", "kept",
                                   "cycle",    "reverted",  "accepted"};
  EXPECT_EQ(outcomes, want);
}

TEST_F(Search, GateRejectionIsNotSuccess) {
  BugEvaluator ev(ctx);
  ScriptPlanner p;
  p.script = [&](const SearchState &s) -> std::vector<std::string> { return {moduleText({0, 0})}; };
  SearchOptions o;
  o.gate = [](const SearchState &) {
    return std::string("ghost-replay: passes with the body removed");
  };
  auto r = runSearch(start({1, 1}), ev, p, o);
  EXPECT_FALSE(r.repaired);
  ASSERT_FALSE(r.steps.empty());
  EXPECT_EQ(r.steps.front().outcome, "rejected-by-gate");
  EXPECT_EQ(r.stopReason, "exhausted");
}

TEST_F(Search, GateRejectedCandidateIsRepairedOn) {
  // {7, 42}: fixing the 7 gives a candidate that passes validation, but the
  // gate rejects the 42 (as it would a race that left the values right). The
  // loop keeps that candidate and finishes the repair from it.
  BugEvaluator ev(ctx);
  ScriptPlanner p;
  p.script = [&](const SearchState &s) -> std::vector<std::string> {
    if (s.eval.measure >= 1)
      return {moduleText({0, 42})};
    return {moduleText({0, 0})};
  };
  SearchOptions o;
  o.gate = [](const SearchState &st) {
    return has42(st) ? std::string("data-race: shared-race at k.cu:3") : std::string();
  };
  auto r = runSearch(start({7, 42}), ev, p, o);
  EXPECT_TRUE(r.repaired);
  EXPECT_EQ(r.stopReason, "success");
  ASSERT_EQ(r.steps.size(), 2u);
  EXPECT_EQ(r.steps[0].outcome, "rejected-by-gate");
  EXPECT_NE(r.steps[0].note.find("kept"), std::string::npos);
  EXPECT_EQ(r.steps[1].outcome, "accepted");
  ASSERT_TRUE(r.best);
  EXPECT_EQ(r.best->path.size(), 2u);
}

TEST_F(Search, PassingKernelRejectedByGateIsDebugged) {
  // The kernel as given passes validation (42 is invisible to it) but not
  // the gate: it is debugged, not reported as already passing.
  BugEvaluator ev(ctx);
  ScriptPlanner p;
  p.script = [&](const SearchState &) -> std::vector<std::string> { return {moduleText({0, 0})}; };
  SearchOptions o;
  auto gate = [](const SearchState &st) {
    return has42(st) ? std::string("data-race") : std::string();
  };
  o.gate = gate;
  o.gateOriginal = gate;
  auto r = runSearch(start({0, 42}), ev, p, o);
  EXPECT_EQ(r.originalGateRejection, "data-race");
  EXPECT_TRUE(r.repaired);
  EXPECT_EQ(r.stopReason, "success");
  // Without the check of the original, the same kernel is already passing.
  o.gateOriginal = nullptr;
  r = runSearch(start({0, 42}), ev, p, o);
  EXPECT_EQ(r.stopReason, "already-passing");
}

TEST_F(Search, GuardsAndBudgets) {
  BugEvaluator ev(ctx);
  ScriptPlanner p;
  // Many useless distinct patches: patience ends it.
  p.script = [&](const SearchState &) {
    std::vector<std::string> v;
    for (int i = 0; i < 50; ++i)
      v.push_back(moduleText({1, 2 + i}));
    return v;
  };
  SearchOptions o;
  o.budgets.patience = 5;
  auto r = runSearch(start({1, 1}), ev, p, o);
  EXPECT_EQ(r.stopReason, "no-progress");
  EXPECT_EQ(r.iterations, 5u);

  o.budgets.patience = 100;
  o.budgets.maxEvals = 7;
  r = runSearch(start({1, 1}), ev, p, o);
  EXPECT_EQ(r.stopReason, "budget-evals");

  // Patches that break the kernel: the debugging trap.
  p.script = [&](const SearchState &) { return std::vector<std::string>(20, "this is not MLIR"); };
  o.budgets.maxEvals = 100;
  o.budgets.maxConsecutiveFailures = 4;
  r = runSearch(start({1, 1}), ev, p, o);
  EXPECT_EQ(r.stopReason, "debugging-trap");

  bool stop = true;
  o.interrupted = [&] { return stop; };
  r = runSearch(start({1, 1}), ev, p, o);
  EXPECT_EQ(r.stopReason, "interrupted");
}

TEST_F(Search, AlreadyPassingAndRealPassActions) {
  BugEvaluator ev(ctx);
  ScriptPlanner p;
  p.script = [](const SearchState &) { return std::vector<std::string>{}; };
  auto r = runSearch(start({0}), ev, p, SearchOptions{});
  EXPECT_EQ(r.stopReason, "already-passing");

  // applyAction runs a real pipeline on a clone and reports bad pipelines.
  auto m = parseSourceString<ModuleOp>(moduleText({3}), &ctx);
  Action a;
  a.pass = "no-such-pass";
  std::string err;
  EXPECT_FALSE(applyAction(*m, a, err));
  EXPECT_NE(err.find("no-such-pass"), std::string::npos);
}

TEST(KBPlanner, InstantiatesSitesAndAlternatives) {
  RepairTemplate t;
  t.pass = "kfix-repair-x";
  t.options = {{"loc", "{site}"}, {"mode", "a"}};
  t.alternatives = {{"mode", {"a", "b"}}};
  PlannerContext ctx;
  ctx.sites = {"k.cu:3:5", "k.cu:9:1"};
  auto acts = instantiateRepair(t, ctx, 4, 8);
  std::vector<std::string> got;
  for (auto &a : acts)
    got.push_back(a.describe());
  std::vector<std::string> want = {"kfix-repair-x{loc=k.cu:3:5 mode=a}",
                                   "kfix-repair-x{loc=k.cu:9:1 mode=a}",
                                   "kfix-repair-x{mode=a}",
                                   "kfix-repair-x{loc=k.cu:3:5 mode=b}",
                                   "kfix-repair-x{loc=k.cu:9:1 mode=b}",
                                   "kfix-repair-x{mode=b}"};
  EXPECT_EQ(got, want);
}

TEST(KBPlanner, ExpandsRegisteredPlaceholders) {
  MLIRContext ctx;
  ctx.loadDialect<mlir::gpu::GPUDialect, mlir::arith::ArithDialect>();
  auto m = parseSourceString<ModuleOp>(
      R"mlir(module attributes {gpu.container_module} {
        gpu.module @m {
          gpu.func @k(%a: memref<?xf32>, %n: i32, %s: i64, %f: f32) kernel attributes {
              kfix.arg_names = ["a", "n", "stride", "scale"],
              kfix.arg_ctypes = ["float *", "idx_t", "long long", "float"]} {
            gpu.return
          }
        }
      })mlir",
      &ctx);
  ASSERT_TRUE(m);
  PlannerContext pc;
  pc.module = *m;
  RepairTemplate t;
  t.pass = "kfix-repair-x";
  t.options = {{"fix", "swap"}, {"stride", "{int-params}"}};
  t.alternatives = {{"fix", {"swap", "stride"}}};
  std::vector<std::string> got;
  for (auto &a : instantiateRepair(t, pc, 4, 8))
    got.push_back(a.describe());
  std::vector<std::string> want = {
      "kfix-repair-x{fix=swap stride=n}", "kfix-repair-x{fix=swap stride=stride}",
      "kfix-repair-x{fix=stride stride=n}", "kfix-repair-x{fix=stride stride=stride}"};
  EXPECT_EQ(got, want);

  // A placeholder nobody registered, or one that expands to nothing, drops the template.
  t.options = {{"stride", "{no-such-placeholder}"}};
  t.alternatives.clear();
  EXPECT_TRUE(instantiateRepair(t, pc, 4, 8).empty());
  t.options = {{"loc", "{ops:arith.divf}"}};
  EXPECT_TRUE(instantiateRepair(t, pc, 4, 8).empty());
  // The action cap bounds the product.
  t.options = {{"a", "{int-params}"}, {"b", "{int-params}"}};
  EXPECT_EQ(instantiateRepair(t, pc, 4, 8, 3).size(), 3u);
}

TEST(KBPlanner, BufferShapesOverKernelParameters) {
  MLIRContext ctx;
  ctx.loadDialect<mlir::gpu::GPUDialect, mlir::arith::ArithDialect>();
  auto m = parseSourceString<ModuleOp>(
      R"mlir(module attributes {gpu.container_module} {
        gpu.module @m {
          gpu.func @mm(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %r: i32, %n: i32)
              kernel attributes {kfix.arg_names = ["A", "Bt", "C", "rows", "cols"],
                                 kfix.arg_ctypes = ["const float *", "const float *", "float *", "int", "int"]} {
            gpu.return
          }
        }
      })mlir",
      &ctx);
  ASSERT_TRUE(m);
  auto json = llvm::json::parse(R"json({"kfix_task": 1, "name": "t", "source": "k.cu",
    "kernel": "mm",
    "params": [
      {"name": "A", "role": "input", "dtype": "f32", "shape": ["M", "N"]},
      {"name": "B", "role": "input", "dtype": "f32", "shape": ["N", 4]},
      {"name": "C", "role": "output", "dtype": "f32", "shape": ["ceildiv(M,2)"]},
      {"name": "M", "role": "scalar", "dtype": "i32", "value": "M"},
      {"name": "N", "role": "scalar", "dtype": "i32", "value": "N"}],
    "launch": {"grid": [1], "block": [32]},
    "sizes": [{"M": 3, "N": 5}],
    "reference": {"kind": "command", "argv": ["true"]},
    "tolerance": {"atol": 0, "rtol": 0}})json");
  ASSERT_TRUE(bool(json)) << llvm::toString(json.takeError());
  auto task = parseManifest(*json, "task.json", "/tmp", /*checkFiles=*/false);
  ASSERT_TRUE(bool(task)) << llvm::toString(task.takeError());
  PlannerContext pc;
  pc.module = *m;
  pc.task = &*task;
  // Kernel names by position: A, Bt, C, rows, cols. C's dimension uses ceildiv: left out.
  EXPECT_EQ((*lookupPlaceholder("buffer-shapes"))(pc, ""),
            (std::vector<std::string>{"A[rows][cols]", "Bt[cols][4]"}));
  EXPECT_TRUE((*lookupPlaceholder("buffer-shapes"))(pc, "outputs").empty());
}

// A candidate whose error fell because its output became all zero (a loop
// bound lowered until the loop never runs took the fault with it) is no step;
// one that leaves some elements right, or whose wrong elements are not zero,
// or that was all zero already, is judged by its error as before.
static Evaluation withCases(std::vector<std::pair<double, const char *>> cases) {
  Evaluation e;
  llvm::json::Array arr;
  int n = 0;
  for (auto &[frac, kind] : cases)
    arr.push_back(llvm::json::Object{{"output", "y"},
                                     {"sizes", llvm::json::Object{{"N", ++n}}},
                                     {"mismatch_fraction", frac},
                                     {"magnitude", llvm::json::Object{{"kind", kind}}}});
  e.signature = llvm::json::Object{{"cases", std::move(arr)}};
  return e;
}

TEST(EditProgress, ZeroedOutputIsNoStep) {
  Evaluation faulting = withCases({{1.0, "unrelated"}, {1.0, "unrelated"}});
  EXPECT_TRUE(zeroedOutput(faulting, withCases({{1.0, "zero"}, {1.0, "zero"}})));
  EXPECT_TRUE(zeroedOutput(faulting, withCases({{1.0, "zero"}, {1.0, "unrelated"}})));
  EXPECT_FALSE(zeroedOutput(faulting, withCases({{0.4, "zero"}, {1.0, "unrelated"}})));
  EXPECT_FALSE(zeroedOutput(faulting, withCases({{1.0, "close"}, {1.0, "affine"}})));
  Evaluation zero = withCases({{1.0, "zero"}, {1.0, "zero"}});
  EXPECT_FALSE(zeroedOutput(zero, withCases({{1.0, "zero"}, {1.0, "zero"}})));
  Evaluation passed = withCases({});
  passed.passed = true;
  EXPECT_FALSE(zeroedOutput(faulting, passed));
}
