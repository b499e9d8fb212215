//===- ManifestTest.cpp - task manifest parsing and checks ----------------===//
#include "kfix/Runtime/Manifest.h"

#include "gtest/gtest.h"

using namespace kfix;

static const char *kSoftmax = R"json({
  "kfix_task": 1, "name": "softmax_rows", "source": "kernel.cu", "kernel": "softmax_rows",
  "params": [
    {"name": "x", "role": "input", "dtype": "f32", "shape": ["R", "C"]},
    {"name": "y", "role": "output", "dtype": "f32", "shape": ["R", "C"]},
    {"name": "rows", "role": "scalar", "dtype": "i32", "value": "R"},
    {"name": "cols", "role": "scalar", "dtype": "i32", "value": "C"}
  ],
  "launch": {"grid": ["R", 1, 1], "block": [256, 1, 1], "shared_bytes": 0},
  "sizes": [{"R": 64, "C": 1000}, {"R": 3, "C": 4099}],
  "inputs": {"x": {"dist": "normal", "mean": 0.0, "std": 3.0}},
  "reference": {"kind": "cuda", "source": "reference.cu", "kernel": "softmax_ref",
    "params": ["x", "y", "rows", "cols"],
    "launch": {"grid": ["ceildiv(R*C,256)", 1, 1], "block": [256, 1, 1], "shared_bytes": 0}},
  "tolerance": {"atol": 1e-5, "rtol": 1e-4},
  "seeds": 3
})json";

static llvm::json::Value base() { return llvm::cantFail(llvm::json::parse(kSoftmax)); }

static llvm::Expected<TaskManifest> load(const llvm::json::Value &v) {
  return parseManifest(v, "task.json", "/tasks/softmax", /*checkFiles=*/false);
}

static std::string errorOf(const llvm::json::Value &v) {
  auto t = load(v);
  if (t)
    return "(no error)";
  return llvm::toString(t.takeError());
}

static llvm::json::Object &root(llvm::json::Value &v) { return *v.getAsObject(); }
static llvm::json::Object &param(llvm::json::Value &v, int i) {
  return *(*root(v).getArray("params"))[i].getAsObject();
}

TEST(Manifest, ParsesTheSpecExample) {
  auto t = load(base());
  ASSERT_TRUE(static_cast<bool>(t)) << llvm::toString(t.takeError());
  EXPECT_EQ(t->name, "softmax_rows");
  EXPECT_EQ(t->source, "/tasks/softmax/kernel.cu");
  ASSERT_EQ(t->params.size(), 4u);
  EXPECT_EQ(t->params[2].role, Role::scalar);
  EXPECT_EQ(t->params[2].dtype, DType::i32);
  ASSERT_EQ(t->launches.size(), 1u);
  EXPECT_EQ(t->launches[0].kernel, "softmax_rows");
  EXPECT_EQ(t->launches[0].params, (std::vector<std::string>{"x", "y", "rows", "cols"}));
  EXPECT_EQ(t->sizes.size(), 2u);
  EXPECT_EQ(t->sizeNames, (std::vector<std::string>{"R", "C"}));
  EXPECT_EQ(t->seeds, 3u);
  EXPECT_EQ(t->inputs.lookup("x").b, 3.0);
  EXPECT_EQ(t->reference.kind, ReferenceSpec::cuda);
  EXPECT_EQ(t->reference.source, "/tasks/softmax/reference.cu");
  auto cfg = t->reference.launches[0].launch.eval(t->sizes[1]);
  ASSERT_TRUE(static_cast<bool>(cfg));
  EXPECT_EQ(cfg->grid[0], (3 * 4099 + 255) / 256);
  EXPECT_EQ(cfg->block[1], 1);
  auto r = resolveParams(*t, t->sizes[0]);
  ASSERT_TRUE(static_cast<bool>(r));
  EXPECT_EQ((*r)[0].shape, (std::vector<int64_t>{64, 1000}));
  EXPECT_EQ((*r)[3].value.i, 1000);
  EXPECT_TRUE(t->warnings.empty());
}

TEST(Manifest, Defaults) {
  auto v = base();
  root(v).erase("seeds");
  root(v).erase("inputs");
  auto &l = *root(v).getObject("launch");
  l["grid"] = llvm::json::Array{"R"};
  l.erase("shared_bytes");
  auto t = load(v);
  ASSERT_TRUE(static_cast<bool>(t)) << llvm::toString(t.takeError());
  EXPECT_EQ(t->seeds, 3u);
  EXPECT_EQ(t->inputs.lookup("x").dist, InputSpec::normal);
  EXPECT_EQ(t->inputs.lookup("x").b, 1.0);
  auto cfg = t->launches[0].launch.eval(t->sizes[0]);
  EXPECT_EQ(cfg->grid[1], 1);
  EXPECT_EQ(cfg->sharedBytes, 0);
  bool exact;
  t->toleranceFor(t->params[1], exact);
  EXPECT_FALSE(exact);
}

TEST(Manifest, MissingField) {
  auto v = base();
  root(v).erase("tolerance");
  EXPECT_EQ(errorOf(v), "task.json: tolerance: missing required field");
  v = base();
  param(v, 1).erase("dtype");
  EXPECT_EQ(errorOf(v), "task.json: params[1].dtype: missing required field");
  v = base();
  param(v, 0).erase("shape");
  EXPECT_EQ(errorOf(v), "task.json: params[0].shape: missing required field");
  v = base();
  param(v, 2).erase("value");
  EXPECT_EQ(errorOf(v),
            "task.json: params[2].value: missing required field (scalars need a value)");
  v = base();
  root(v).getObject("launch")->erase("block");
  EXPECT_EQ(errorOf(v), "task.json: launch.block: missing required field");
  v = base();
  root(v).erase("kfix_task");
  EXPECT_NE(errorOf(v).find("task.json: kfix_task: missing required field"), std::string::npos);
  v = base();
  root(v).getObject("reference")->erase("kernel");
  EXPECT_EQ(errorOf(v), "task.json: reference.kernel: missing required field");
}

TEST(Manifest, UnknownDTypeAndRole) {
  auto v = base();
  param(v, 2)["dtype"] = "f8";
  EXPECT_NE(errorOf(v).find("task.json: params[2].dtype: unknown dtype 'f8'"), std::string::npos);
  v = base();
  param(v, 1)["role"] = "result";
  EXPECT_NE(errorOf(v).find("task.json: params[1].role: unknown role 'result'"), std::string::npos);
  v = base();
  root(v).getObject("reference")->operator[]("kind") = "python";
  EXPECT_NE(errorOf(v).find("task.json: reference.kind: unknown reference kind 'python'"),
            std::string::npos);
  v = base();
  root(v).getObject("inputs")->getObject("x")->operator[]("dist") = "gauss";
  EXPECT_NE(errorOf(v).find("task.json: inputs.x.dist: unknown distribution 'gauss'"),
            std::string::npos);
}

TEST(Manifest, UnboundSymbol) {
  auto v = base();
  (*root(v).getArray("sizes"))[1].getAsObject()->erase("C");
  EXPECT_EQ(errorOf(v),
            "task.json: sizes[1]: symbol 'C' (used in params[0].shape[1]) is not bound");
  v = base();
  root(v).getObject("reference")->getObject("launch")->operator[]("grid") =
      llvm::json::Array{"ceildiv(N,256)"};
  EXPECT_EQ(errorOf(v), "task.json: sizes[0]: symbol 'N' (used in reference.launch.grid[0]) is "
                        "not bound");
}

TEST(Manifest, BadExpression) {
  auto v = base();
  param(v, 0)["shape"] = llvm::json::Array{"R*", "C"};
  EXPECT_EQ(errorOf(v), "task.json: params[0].shape[0]: bad expression 'R*': expected an "
                        "operand at column 3");
  v = base();
  param(v, 0)["shape"] = llvm::json::Array{"R-100", "C"};
  EXPECT_NE(errorOf(v).find("params[0].shape[0]: 'R-100' evaluates to -36 for sizes[0] (must be "
                            ">= 0)"),
            std::string::npos);
  v = base();
  param(v, 0)["shape"] = llvm::json::Array{"R/2.0", "C"};
  EXPECT_NE(errorOf(v).find("params[0].shape[0]: 'R/2.0' must be an integer"), std::string::npos);
  v = base();
  root(v).getObject("launch")->operator[]("grid") = llvm::json::Array{"R/(C-C)"};
  EXPECT_NE(errorOf(v).find("launch.grid[0]: division by zero"), std::string::npos);
  v = base();
  root(v).getObject("launch")->operator[]("block") = llvm::json::Array{1, 2, 3, 4};
  EXPECT_EQ(errorOf(v), "task.json: launch.block: expected 1 to 3 dimensions, found 4");
}

TEST(Manifest, OtherChecks) {
  auto v = base();
  param(v, 1)["name"] = "x";
  EXPECT_EQ(errorOf(v), "task.json: params[1].name: duplicate parameter name 'x'");
  v = base();
  (*root(v).getObject("reference")->getArray("params"))[3] = "colz";
  EXPECT_EQ(errorOf(v), "task.json: reference.params[3]: no task parameter named 'colz'");
  v = base();
  root(v).getObject("inputs")->operator[]("y") = llvm::json::Object{{"dist", "arange"}};
  EXPECT_EQ(errorOf(v), "task.json: inputs.y: no input, inout or scratch parameter named 'y'");
  v = base();
  param(v, 1)["role"] = "input";
  EXPECT_EQ(errorOf(v), "task.json: params: no output or inout parameter to check");
  v = base();
  root(v)["kfix_task"] = 2;
  EXPECT_NE(errorOf(v).find("unsupported task format version"), std::string::npos);
  v = base();
  root(v)["seeds"] = 0;
  EXPECT_EQ(errorOf(v), "task.json: seeds: expected a positive integer");
  v = base();
  root(v).getObject("tolerance")->operator[]("atol") = -1;
  EXPECT_EQ(errorOf(v), "task.json: tolerance: atol and rtol must be >= 0");
  v = base();
  param(v, 0)["dtpye"] = "f32";
  auto t = load(v);
  ASSERT_TRUE(static_cast<bool>(t));
  ASSERT_EQ(t->warnings.size(), 1u);
  EXPECT_EQ(t->warnings[0], "task.json: params[0].dtpye: unknown field (ignored)");
}

TEST(Manifest, MissingFile) {
  auto t = parseManifest(base(), "task.json", "/nonexistent-kfix-dir", /*checkFiles=*/true);
  ASSERT_FALSE(static_cast<bool>(t));
  EXPECT_EQ(llvm::toString(t.takeError()),
            "task.json: source: no such file 'kernel.cu' (looked for "
            "/nonexistent-kfix-dir/kernel.cu)");
  auto m = loadManifest("/nonexistent-kfix-dir/task.json");
  ASSERT_FALSE(static_cast<bool>(m));
  EXPECT_NE(llvm::toString(m.takeError()).find("cannot read"), std::string::npos);
}

TEST(Manifest, Extensions) {
  auto v = base();
  root(v).erase("kernel");
  root(v).erase("launch");
  param(v, 3)["role"] = "scratch";
  param(v, 3)["dtype"] = "f32";
  param(v, 3).erase("value");
  param(v, 3)["shape"] = llvm::json::Array{"R"};
  param(v, 3)["name"] = "rowmax";
  root(v)["launches"] = llvm::json::Array{
      llvm::json::Object{{"kernel", "row_max"},
                         {"params", llvm::json::Array{"x", "rowmax", "rows"}},
                         {"launch", llvm::json::Object{{"grid", llvm::json::Array{"R"}},
                                                       {"block", llvm::json::Array{256}}}}},
      llvm::json::Object{{"kernel", "normalize"},
                         {"params", llvm::json::Array{"x", "rowmax", "y", "rows"}},
                         {"launch", llvm::json::Object{{"grid", llvm::json::Array{"R"}},
                                                       {"block", llvm::json::Array{256}}}}}};
  (*root(v).getObject("reference")->getArray("params"))[3] = "rows";
  root(v).getObject("inputs")->operator[]("x") =
      llvm::json::Object{{"dist", "file"}, {"path", "w.npy"}};
  root(v)["reference"] =
      llvm::json::Object{{"kind", "command"}, {"argv", llvm::json::Array{"python3", "ref.py"}}};
  root(v).getObject("tolerance")->operator[]("per_param") =
      llvm::json::Object{{"y", llvm::json::Object{{"atol", 0.5}}}};
  auto t = load(v);
  ASSERT_TRUE(static_cast<bool>(t)) << llvm::toString(t.takeError());
  EXPECT_EQ(t->kernel, "row_max");
  EXPECT_EQ(t->candidateKernels(), (std::vector<std::string>{"row_max", "normalize"}));
  EXPECT_EQ(t->inputs.lookup("x").dist, InputSpec::file);
  EXPECT_EQ(t->inputs.lookup("x").path, "/tasks/softmax/w.npy");
  EXPECT_EQ(t->reference.kind, ReferenceSpec::command);
  bool exact;
  Tolerance tol = t->toleranceFor(t->params[1], exact);
  EXPECT_EQ(tol.atol, 0.5);
  EXPECT_EQ(tol.rtol, 1e-4);
  // 'launch' and 'launches' together are ambiguous.
  root(v)["launch"] =
      llvm::json::Object{{"grid", llvm::json::Array{1}}, {"block", llvm::json::Array{1}}};
  EXPECT_EQ(errorOf(v), "task.json: launch: give either 'launch' (with 'kernel') or 'launches', "
                        "not both");
}

TEST(Manifest, IntegerOutputsCompareExactly) {
  auto v = base();
  param(v, 1)["dtype"] = "i32";
  auto t = load(v);
  ASSERT_TRUE(static_cast<bool>(t));
  bool exact;
  t->toleranceFor(t->params[1], exact);
  EXPECT_TRUE(exact);
  root(v).getObject("tolerance")->operator[]("per_param") =
      llvm::json::Object{{"y", llvm::json::Object{{"atol", 1}}}};
  t = load(v);
  ASSERT_TRUE(static_cast<bool>(t));
  t->toleranceFor(t->params[1], exact);
  EXPECT_FALSE(exact);
}

TEST(Manifest, ScalarValuesConvertToTheDType) {
  auto v = base();
  param(v, 2)["value"] = "R/3"; // int: 64/3 = 21
  param(v, 3)["dtype"] = "f32";
  param(v, 3)["value"] = "1/3.0"; // rounded to float
  auto t = load(v);
  ASSERT_TRUE(static_cast<bool>(t)) << llvm::toString(t.takeError());
  auto r = resolveParams(*t, t->sizes[0]);
  ASSERT_TRUE(static_cast<bool>(r));
  EXPECT_EQ((*r)[2].value.i, 21);
  EXPECT_EQ((*r)[3].value.f, static_cast<double>(1 / 3.0f));
}
