//===- CmdExecSmoke.cpp - `kfix exec-smoke` (internal) --------------------===//
//
// Runs the kernels of bench/compile/smoke.mlir on the CUDA executor and checks
// them against CPU computations: saxpy, a shared-memory + shuffle reduction,
// dynamic shared memory, the trace buffer (count/check/probe), a faulting and
// a hanging kernel (the parent must survive both), and the accuracy of
// exp/log/tanh/erf/pow/rsqrt with libdevice and with the fallback.
// Prints one PASS/FAIL line per check; exit 0 when all pass.
//
//===----------------------------------------------------------------------===//
#include "kfix/Driver/Driver.h"
#include "kfix/InitAll.h"
#include "kfix/Runtime/Executor.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>

using namespace kfix;

namespace {

struct Recorder : TraceSink {
  std::map<std::pair<int64_t, int64_t>, uint64_t> counts;
  std::map<int64_t, uint64_t> checkTotals;
  std::map<int64_t, std::pair<int64_t, int64_t>> checkDetails;
  std::vector<std::pair<int64_t, double>> probes;
  void onCountTotal(int64_t site, int64_t counter, uint64_t n) override {
    counts[{site, counter}] += n;
  }
  void onCheck(int64_t site, TraceCheckKind, const ThreadCoord &, int64_t d0, int64_t d1) override {
    checkDetails[site] = {d0, d1};
  }
  void onCheckTotal(int64_t site, TraceCheckKind, uint64_t n) override { checkTotals[site] = n; }
  void onProbe(int64_t site, const ThreadCoord &, double v) override {
    probes.push_back({site, v});
  }
};

Buffer floats(size_t n) {
  Buffer b;
  b.dtype = DType::f32;
  b.shape = {static_cast<int64_t>(n)};
  b.data.assign(n * 4, 0);
  return b;
}
float *F(Buffer &b) { return reinterpret_cast<float *>(b.data.data()); }

int failures = 0;
void report(bool ok, const std::string &what) {
  llvm::outs() << (ok ? "PASS " : "FAIL ") << what << "\n";
  llvm::outs().flush();
  failures += !ok;
}

std::string faults(const ExecResult &r) {
  std::string s;
  for (const ExecFault &f : r.faults)
    s += " [" + f.kind + ": " + f.message + "]";
  return s;
}

int smokeMain(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: kfix exec-smoke <smoke.mlir>\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  llvm::SourceMgr sm;
  mlir::SourceMgrDiagnosticHandler diag(sm, &ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], sm, &ctx);
  if (!module)
    return 1;
  std::string why;
  std::unique_ptr<Executor> exec = createCudaExecutor(why);
  if (!exec) {
    llvm::errs() << "kfix exec-smoke: " << why << "\n";
    return 1;
  }
  auto compile = [&](const char *name) -> std::unique_ptr<CompiledKernel> {
    bool present = false;
    module->walk([&](mlir::gpu::GPUFuncOp f) { present |= f.getName() == name; });
    if (!present)
      return nullptr; // each input file holds some of the smoke kernels
    std::string err;
    auto k = exec->compile(*module, name, err);
    if (!k)
      report(false, std::string(name) + " compile: " + err);
    return k;
  };
  ExecOptions opts;

  if (auto k = compile("saxpy")) {
    const int n = (1 << 20) + 3;
    Buffer x = floats(n), y = floats(n);
    for (int i = 0; i < n; ++i) {
      F(x)[i] = 0.5f * (i % 1000);
      F(y)[i] = 1.0f - (i % 7);
    }
    Buffer y0 = y;
    KernelArg args[] = {KernelArg::ofBuffer(x), KernelArg::ofBuffer(y), KernelArg::ofFloat(2.5),
                        KernelArg::ofInt(n)};
    LaunchConfig cfg;
    cfg.grid = {(n + 255) / 256, 1, 1};
    cfg.block = {256, 1, 1};
    ExecResult r = k->launch(cfg, args, opts);
    int bad = 0;
    for (int i = 0; i < n; ++i)
      bad += F(y)[i] != 2.5f * F(x)[i] + F(y0)[i];
    report(r.ok && bad == 0, "saxpy n=" + std::to_string(n) + " mismatches=" + std::to_string(bad) +
                                 " run_ms=" + std::to_string(r.runMs) +
                                 " compile_ms=" + std::to_string(k->compileMs()) + faults(r));
  }

  if (auto k = compile("block_sum")) {
    const int n = 100000, blocks = (n + 255) / 256;
    Buffer x = floats(n), out = floats(blocks);
    for (int i = 0; i < n; ++i)
      F(x)[i] = static_cast<float>((i * 37) % 101) / 8.0f;
    KernelArg args[] = {KernelArg::ofBuffer(x), KernelArg::ofBuffer(out), KernelArg::ofInt(n)};
    LaunchConfig cfg;
    cfg.grid = {blocks, 1, 1};
    cfg.block = {256, 1, 1};
    ExecResult r = k->launch(cfg, args, opts);
    double worst = 0;
    for (int b = 0; b < blocks; ++b) {
      double ref = 0;
      for (int i = b * 256; i < std::min(n, (b + 1) * 256); ++i)
        ref += F(x)[i];
      worst = std::max(worst, std::fabs(ref - F(out)[b]) / std::max(1.0, std::fabs(ref)));
    }
    report(r.ok && worst < 1e-5,
           "block_sum (shared tree + shfl.xor) blocks=" + std::to_string(blocks) +
               " max_rel_err=" + std::to_string(worst) + faults(r));
  }

  if (auto k = compile("reverse_blocks")) {
    const int blockSize = 128, blocks = 64, n = blockSize * blocks;
    Buffer x = floats(n), y = floats(n);
    for (int i = 0; i < n; ++i)
      F(x)[i] = static_cast<float>(i);
    KernelArg args[] = {KernelArg::ofBuffer(x), KernelArg::ofBuffer(y)};
    LaunchConfig cfg;
    cfg.grid = {blocks, 1, 1};
    cfg.block = {blockSize, 1, 1};
    cfg.sharedBytes = blockSize * 4;
    ExecResult r = k->launch(cfg, args, opts);
    int bad = 0;
    for (int i = 0; i < n; ++i) {
      int b = i / blockSize, t = i % blockSize;
      bad += F(y)[i] != F(x)[b * blockSize + blockSize - 1 - t];
    }
    report(r.ok && bad == 0,
           "reverse_blocks (dynamic shared memory) mismatches=" + std::to_string(bad) + faults(r));
  }

  if (auto k = compile("traced")) {
    const int n = 1000;
    Buffer x = floats(n);
    F(x)[0] = 42.5f;
    Recorder rec;
    ExecOptions o = opts;
    o.sink = &rec;
    KernelArg args[] = {KernelArg::ofBuffer(x), KernelArg::ofInt(n)};
    LaunchConfig cfg;
    cfg.grid = {4, 1, 1};
    cfg.block = {256, 1, 1};
    ExecResult r = k->launch(cfg, args, o);
    bool ok = rec.counts[{0, 0}] == 1024 && rec.counts[{0, 1}] == 1000 &&
              rec.checkTotals[1] == 24 && rec.checkDetails[1].first >= 1000 &&
              rec.checkDetails[1].second == 1000 && rec.probes.size() == 2 && !r.faults.empty() &&
              r.faults[0].kind == "out-of-bounds";
    double p0 = -1, p1 = -1;
    for (auto [site, v] : rec.probes)
      (site == 2 ? p0 : p1) = v;
    ok &= p0 == 42.5 && p1 == 1000;
    report(ok, "traced: count(0,0)=" + std::to_string(rec.counts[{0, 0}]) +
                   " count(0,1)=" + std::to_string(rec.counts[{0, 1}]) +
                   " check violations=" + std::to_string(rec.checkTotals[1]) + " first=(" +
                   std::to_string(rec.checkDetails[1].first) + "," +
                   std::to_string(rec.checkDetails[1].second) +
                   ") probes=" + std::to_string(rec.probes.size()) + " x0=" + std::to_string(p0) +
                   " n=" + std::to_string(p1) + faults(r));
  }

  if (auto k = compile("fault")) {
    Buffer x = floats(16);
    KernelArg args[] = {KernelArg::ofBuffer(x)};
    LaunchConfig cfg;
    ExecResult r = k->launch(cfg, args, opts);
    bool ok = !r.ok && !r.faults.empty() && r.faults[0].kind == "device-fault";
    report(ok, "fault -> device-fault:" + faults(r));
  }

  if (auto k = compile("hang")) {
    Buffer x = floats(16);
    F(x)[0] = 1.0f;
    KernelArg args[] = {KernelArg::ofBuffer(x)};
    LaunchConfig cfg;
    ExecOptions o = opts;
    o.timeoutSeconds = 3;
    ExecResult r = k->launch(cfg, args, o);
    bool ok = !r.ok && !r.faults.empty() && r.faults[0].kind == "timeout";
    report(ok, "hang -> timeout:" + faults(r));
  }

  if (auto k = compile("softmax_rows")) {
    const int rows = 128, cols = 1000;
    Buffer x = floats(rows * cols), y = floats(rows * cols);
    for (int i = 0; i < rows * cols; ++i)
      F(x)[i] = static_cast<float>((i * 7919) % 2001 - 1000) / 100.0f;
    KernelArg args[] = {KernelArg::ofBuffer(x), KernelArg::ofBuffer(y), KernelArg::ofInt(rows),
                        KernelArg::ofInt(cols)};
    LaunchConfig cfg;
    cfg.grid = {rows, 1, 1};
    cfg.block = {256, 1, 1};
    ExecResult r = k->launch(cfg, args, opts);
    double worst = 0;
    for (int row = 0; row < rows; ++row) {
      double m = -INFINITY, sum = 0;
      for (int j = 0; j < cols; ++j)
        m = std::max(m, static_cast<double>(F(x)[row * cols + j]));
      for (int j = 0; j < cols; ++j)
        sum += std::exp(F(x)[row * cols + j] - m);
      for (int j = 0; j < cols; ++j) {
        double ref = std::exp(F(x)[row * cols + j] - m) / sum;
        worst = std::max(worst, std::fabs(F(y)[row * cols + j] - ref) / std::max(ref, 1e-30));
      }
    }
    report(r.ok && worst < 1e-5, "softmax_rows 128x1000 max_rel_err=" + std::to_string(worst) +
                                     " run_ms=" + std::to_string(r.runMs) +
                                     " compile_ms=" + std::to_string(k->compileMs()) + faults(r));
  }

  // After a fault and a timeout the executor still works.
  for (const char *libdevice : {"", "none"}) {
    if (*libdevice)
      setenv("KFIX_LIBDEVICE", libdevice, 1);
    else
      unsetenv("KFIX_LIBDEVICE");
    auto k = compile("math");
    if (!k)
      continue;
    const int n = 1 << 16;
    Buffer x = floats(n), y = floats(6 * n);
    for (int i = 0; i < n; ++i)
      F(x)[i] = 0.01f + 8.0f * i / n;
    KernelArg args[] = {KernelArg::ofBuffer(x), KernelArg::ofBuffer(y), KernelArg::ofInt(n)};
    LaunchConfig cfg;
    cfg.grid = {n / 256, 1, 1};
    cfg.block = {256, 1, 1};
    ExecResult r = k->launch(cfg, args, opts);
    const char *names[] = {"exp", "log", "tanh", "erf", "pow", "rsqrt"};
    std::string line =
        std::string("math (") + (*libdevice ? "fallback" : "libdevice") + ") max ulp-ish rel err:";
    bool ok = r.ok;
    for (int f = 0; f < 6; ++f) {
      double worst = 0;
      for (int i = 0; i < n; ++i) {
        double v = F(x)[i], ref;
        switch (f) {
        case 0:
          ref = std::exp(v);
          break;
        case 1:
          ref = std::log(v);
          break;
        case 2:
          ref = std::tanh(v);
          break;
        case 3:
          ref = std::erf(v);
          break;
        case 4:
          ref = std::pow(v, static_cast<double>(1.7f));
          break;
        default:
          ref = 1 / std::sqrt(v);
          break;
        }
        double got = F(y)[f * n + i];
        double err = std::fabs(got - ref) / std::max(std::fabs(ref), 1e-30);
        worst = std::max(worst, std::isnan(err) ? 1.0 : err);
      }
      line += std::string(" ") + names[f] + "=" + std::to_string(worst / 5.96e-8) + "ulp";
      ok &= worst < 1e-5;
    }
    report(ok, line + faults(r));
  }
  unsetenv("KFIX_LIBDEVICE");
  llvm::outs() << (failures ? "exec-smoke: FAILED " : "exec-smoke: all passed ") << failures
               << "\n";
  return failures ? 1 : 0;
}

struct Register {
  Register() {
    registerSubcommand(
        {"exec-smoke", "(internal) run the CUDA executor's smoke kernels", smokeMain});
  }
} registerSmoke;

} // namespace
