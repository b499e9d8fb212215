// RUN: kfix-opt %s --verify-each --kfix-repair-swap-operands='loc=norm.cu:4 op=arith.subf' | FileCheck %s
// A swap is silent (the warning once fired on every run: statistics are no-ops
// in builds without LLVM_ENABLE_STATS).
// RUN: kfix-opt %s --kfix-repair-swap-operands='loc=norm.cu:4 op=arith.subf' 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: warning
// RUN: kfix-opt %s --kfix-repair-swap-operands='loc=norm.cu:7' 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not kfix-opt %s --kfix-repair-swap-operands 2>&1 | FileCheck %s --check-prefix=ERR
// A quotient by a constant (`n / 4`) is no swap anyone meant (`4 / n`).
// RUN: kfix-opt %s --kfix-repair-swap-operands='loc=norm.cu:5' 2>&1 | FileCheck %s --check-prefix=CONST

// __global__ void center(const float *x, float *y, float mean) {
//   int i = threadIdx.x;
//   float v = x[i];
//   y[i] = mean - v;             // line 4: should be v - mean
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @center
  gpu.func @center(%x: memref<?xf32>, %y: memref<?xf32>, %mean: f32) kernel
      attributes {kfix.name = "center", kfix.arg_names = ["x", "y", "mean"],
                  kfix.arg_ctypes = ["const float *", "float *", "float"]} {
    %tx = gpu.thread_id x
    %v = memref.load %x[%tx] : memref<?xf32>
    // CHECK: %[[V:.*]] = memref.load
    // CHECK-NEXT: arith.subf %[[V]], %arg2 {kfix.repaired = "kfix-repair-swap-operands"} : f32
    // Same line, other op: untouched.
    // CHECK-NEXT: arith.mulf %arg2, %[[V]] : f32
    %d = arith.subf %mean, %v : f32 loc("norm.cu":4:10)
    %m = arith.mulf %mean, %v : f32 loc("norm.cu":4:10)
    %s = arith.addf %d, %m : f32
    %c4 = arith.constant 4 : index
    %q = arith.divui %tx, %c4 : index loc("norm.cu":5:12)
    memref.store %s, %y[%q] : memref<?xf32>
    memref.store %s, %y[%tx] : memref<?xf32>
    gpu.return
  }
}
// CONST: warning: kfix-repair-swap-operands: no non-commutative op at norm.cu:5
// NONE: warning: kfix-repair-swap-operands: no non-commutative op at norm.cu:7
// ERR: kfix-repair-swap-operands: needs loc=<file:line[:col]>
