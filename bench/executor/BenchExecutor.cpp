//===- BenchExecutor.cpp - CPU executor vs native C++ on the same loops ----===//
//
// Times two kernels written in the lifted IR (docs/ir-conventions.md) on the
// CPU executor and the same loops compiled natively, and prints the ratio:
//   elementwise: y[i] = a * x[i] + y[i] over 1M floats (tail guard, 256 threads)
//   softmax:     512 x 1024 rows, one 256-thread block per row, shared-memory
//                tree reductions with barriers (the usual row softmax kernel)
// Usage: kfix-bench-executor [repeats]
//
//===----------------------------------------------------------------------===//
#include "kfix/InitAll.h"
#include "kfix/Runtime/Executor.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>

using namespace kfix;

static const char *kKernels = R"mlir(
module attributes {gpu.container_module} {
gpu.module @kernels {
gpu.func @axpy(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32, %n: i32) kernel
    attributes {kfix.name = "axpy"} {
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
    %xv = memref.load %x[%ii] : memref<?xf32>
    %yv = memref.load %y[%ii] : memref<?xf32>
    %p = arith.mulf %a, %xv : f32
    %r = arith.addf %p, %yv : f32
    memref.store %r, %y[%ii] : memref<?xf32>
  }
  gpu.return
}

gpu.func @softmax(%x: memref<?xf32>, %y: memref<?xf32>, %rows: i32, %cols: i32)
    workgroup(%red: memref<256xf32, #gpu.address_space<workgroup>>) kernel
    attributes {kfix.name = "softmax"} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c0i = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %bid = gpu.block_id x
  %bdim = gpu.block_dim x
  %t = arith.index_castui %tid : index to i32
  %row = arith.index_castui %bid : index to i32
  %bd = arith.index_castui %bdim : index to i32
  %base = arith.muli %row, %cols : i32
  %acc = memref.alloca() {kfix.var = "m"} : memref<f32>
  %jv = memref.alloca() {kfix.var = "j"} : memref<i32>
  memref.store %ninf, %acc[] : memref<f32>
  scf.for %j = %t to %cols step %bd : i32 {
    memref.store %j, %jv[] : memref<i32>
    %o = arith.addi %base, %j : i32
    %oi = arith.index_cast %o : i32 to index
    %v = memref.load %x[%oi] : memref<?xf32>
    %cur = memref.load %acc[] : memref<f32>
    %mx = arith.maxnumf %cur, %v : f32
    memref.store %mx, %acc[] : memref<f32>
  }
  %lm = memref.load %acc[] : memref<f32>
  memref.store %lm, %red[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
  gpu.barrier
  %half = arith.shrui %bd, %c1 : i32
  %e1 = scf.while (%s = %half) : (i32) -> i32 {
    %go = arith.cmpi sgt, %s, %c0 : i32
    scf.condition(%go) %s : i32
  } do {
  ^bb0(%s: i32):
    %lt = arith.cmpi slt, %t, %s : i32
    scf.if %lt {
      %o = arith.addi %t, %s : i32
      %oi = arith.index_cast %o : i32 to index
      %a = memref.load %red[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %b = memref.load %red[%oi] : memref<256xf32, #gpu.address_space<workgroup>>
      %m = arith.maxnumf %a, %b : f32
      memref.store %m, %red[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %ns = arith.shrui %s, %c1 : i32
    scf.yield %ns : i32
  }
  %rowmax = memref.load %red[%c0i] : memref<256xf32, #gpu.address_space<workgroup>>
  gpu.barrier
  memref.store %zero, %acc[] : memref<f32>
  scf.for %j = %t to %cols step %bd : i32 {
    memref.store %j, %jv[] : memref<i32>
    %o = arith.addi %base, %j : i32
    %oi = arith.index_cast %o : i32 to index
    %v = memref.load %x[%oi] : memref<?xf32>
    %dlt = arith.subf %v, %rowmax : f32
    %ex = math.exp %dlt : f32
    %cur = memref.load %acc[] : memref<f32>
    %sum = arith.addf %cur, %ex : f32
    memref.store %sum, %acc[] : memref<f32>
  }
  %ls = memref.load %acc[] : memref<f32>
  memref.store %ls, %red[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
  gpu.barrier
  %e2 = scf.while (%s = %half) : (i32) -> i32 {
    %go = arith.cmpi sgt, %s, %c0 : i32
    scf.condition(%go) %s : i32
  } do {
  ^bb0(%s: i32):
    %lt = arith.cmpi slt, %t, %s : i32
    scf.if %lt {
      %o = arith.addi %t, %s : i32
      %oi = arith.index_cast %o : i32 to index
      %a = memref.load %red[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %b = memref.load %red[%oi] : memref<256xf32, #gpu.address_space<workgroup>>
      %m = arith.addf %a, %b : f32
      memref.store %m, %red[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %ns = arith.shrui %s, %c1 : i32
    scf.yield %ns : i32
  }
  %total = memref.load %red[%c0i] : memref<256xf32, #gpu.address_space<workgroup>>
  scf.for %j = %t to %cols step %bd : i32 {
    memref.store %j, %jv[] : memref<i32>
    %o = arith.addi %base, %j : i32
    %oi = arith.index_cast %o : i32 to index
    %v = memref.load %x[%oi] : memref<?xf32>
    %dlt = arith.subf %v, %rowmax : f32
    %ex = math.exp %dlt : f32
    %r = arith.divf %ex, %total : f32
    memref.store %r, %y[%oi] : memref<?xf32>
  }
  gpu.return
}
}
}
)mlir";

// The same loops, natively. noinline so that each is timed as one call.
__attribute__((noinline)) static void nativeAxpy(const float *x, float *y, float a, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

__attribute__((noinline)) static void nativeSoftmax(const float *x, float *y, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    const float *xr = x + static_cast<size_t>(r) * cols;
    float *yr = y + static_cast<size_t>(r) * cols;
    float m = -INFINITY;
    for (int j = 0; j < cols; ++j)
      m = std::fmax(m, xr[j]);
    float s = 0;
    for (int j = 0; j < cols; ++j)
      s += std::exp(xr[j] - m);
    for (int j = 0; j < cols; ++j)
      yr[j] = std::exp(xr[j] - m) / s;
  }
}

static double bestMs(int repeats, const std::function<void()> &fn) {
  double best = 1e300;
  for (int i = 0; i < repeats; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    fn();
    best = std::min(
        best,
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

static Buffer floats(size_t n, unsigned seed) {
  Buffer b;
  b.dtype = DType::f32;
  b.shape = {static_cast<int64_t>(n)};
  b.data.resize(n * sizeof(float));
  auto *p = reinterpret_cast<float *>(b.data.data());
  srand(seed);
  for (size_t i = 0; i < n; ++i)
    p[i] = static_cast<float>(rand() % 2001 - 1000) / 250.0f;
  return b;
}

static float maxAbsDiff(const Buffer &a, const std::vector<float> &b) {
  auto *p = reinterpret_cast<const float *>(a.data.data());
  float d = 0;
  for (size_t i = 0; i < b.size(); ++i)
    d = std::max(d, std::fabs(p[i] - b[i]));
  return d;
}

int main(int argc, char **argv) {
  int repeats = argc > 1 ? std::max(1, atoi(argv[1])) : 5;
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(kKernels, &ctx);
  if (!module)
    return 1;
  auto exec = createCpuExecutor();
  llvm::outs() << llvm::format("%-12s %12s %12s %12s %8s %10s\n", "kernel", "compile ms",
                               "executor ms", "native ms", "ratio", "max |diff|");
  int status = 0;

  { // elementwise
    const int n = 1 << 20;
    std::string error;
    auto k = exec->compile(*module, "axpy", error);
    if (!k) {
      llvm::errs() << error << "\n";
      return 1;
    }
    Buffer x = floats(n, 1), y = floats(n, 2);
    std::vector<float> ny(reinterpret_cast<float *>(y.data.data()),
                          reinterpret_cast<float *>(y.data.data()) + n);
    std::vector<KernelArg> args{KernelArg::ofBuffer(x), KernelArg::ofBuffer(y),
                                KernelArg::ofFloat(1.5), KernelArg::ofInt(n)};
    LaunchConfig cfg;
    cfg.grid = {(n + 255) / 256, 1, 1};
    cfg.block = {256, 1, 1};
    // Once for correctness, then timed (both sides accumulate the same way).
    k->launch(cfg, args, ExecOptions());
    const float *xp = reinterpret_cast<const float *>(x.data.data());
    nativeAxpy(xp, ny.data(), 1.5f, n);
    float diff = maxAbsDiff(y, ny);
    ExecResult last;
    double em = bestMs(repeats, [&] { last = k->launch(cfg, args, ExecOptions()); });
    double nm = bestMs(repeats, [&] { nativeAxpy(xp, ny.data(), 1.5f, n); });
    if (!last.ok)
      status = 1;
    llvm::outs() << llvm::format("%-12s %12.1f %12.3f %12.3f %7.1fx %10.2g\n", "elementwise",
                                 k->compileMs(), em, nm, em / nm, diff);
  }
  { // softmax
    const int rows = 512, cols = 1024;
    std::string error;
    auto k = exec->compile(*module, "softmax", error);
    if (!k) {
      llvm::errs() << error << "\n";
      return 1;
    }
    Buffer x = floats(size_t(rows) * cols, 3), y = floats(size_t(rows) * cols, 4);
    std::vector<float> ny(size_t(rows) * cols);
    std::vector<KernelArg> args{KernelArg::ofBuffer(x), KernelArg::ofBuffer(y),
                                KernelArg::ofInt(rows), KernelArg::ofInt(cols)};
    LaunchConfig cfg;
    cfg.grid = {rows, 1, 1};
    cfg.block = {256, 1, 1};
    const float *xp = reinterpret_cast<const float *>(x.data.data());
    ExecResult last;
    double em = bestMs(repeats, [&] { last = k->launch(cfg, args, ExecOptions()); });
    double nm = bestMs(repeats, [&] { nativeSoftmax(xp, ny.data(), rows, cols); });
    if (!last.ok) {
      status = 1;
      for (auto &f : last.faults)
        llvm::errs() << f.kind << ": " << f.message << "\n";
    }
    llvm::outs() << llvm::format("%-12s %12.1f %12.3f %12.3f %7.1fx %10.2g\n", "softmax",
                                 k->compileMs(), em, nm, em / nm, maxAbsDiff(y, ny));
  }
  return status;
}
