// RUN: kfix-opt %s --verify-each --kfix-repair-variance-divisor | FileCheck %s
// RUN: kfix-opt %s --verify-each --kfix-repair-variance-divisor='to=unbiased loc=var.cu:4' | FileCheck %s --check-prefix=UNB
// RUN: not kfix-opt %s --kfix-repair-variance-divisor='to=unbiased' 2>&1 | FileCheck %s --check-prefix=ERR
// A divisor that already is n - 1 is left alone (no n - 2 on a second application):
// RUN: kfix-opt %s --kfix-repair-variance-divisor='to=unbiased loc=var.cu:3' | FileCheck %s --check-prefix=AGAIN
// RUN: kfix-opt %s --kfix-repair-variance-divisor='to=unbiased loc=var.cu:4' | kfix-opt --kfix-repair-variance-divisor='to=unbiased loc=var.cu:4' | FileCheck %s --check-prefix=TWICE

// __global__ void variance(const float *sq, float *var, float *mean, int n) {
//   var[0] = sq[0] / (float)(n - 1);     // line 3: biased variance wanted
//   mean[0] = sq[1] / (float)n;          // line 4
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @variance
  gpu.func @variance(%sq: memref<?xf32>, %var: memref<?xf32>, %mean: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "variance", kfix.arg_names = ["sq", "var", "mean", "n"],
                  kfix.arg_ctypes = ["const float *", "float *", "float *", "int"]} {
    %z = arith.constant 0 : index
    %o = arith.constant 1 : index
    %c1 = arith.constant 1 : i32
    %s = memref.load %sq[%z] : memref<?xf32>
    %nm1 = arith.subi %n, %c1 : i32
    // CHECK: %[[N:.*]] = arith.sitofp %arg3 {kfix.repaired = "kfix-repair-variance-divisor"} : i32 to f32
    // CHECK: arith.divf %{{.*}}, %[[N]] {kfix.repaired = "kfix-repair-variance-divisor"} : f32
    %nf = arith.sitofp %nm1 : i32 to f32 loc("var.cu":3:20)
    %v = arith.divf %s, %nf : f32 loc("var.cu":3:18)
    memref.store %v, %var[%z] : memref<?xf32>
    %s1 = memref.load %sq[%o] : memref<?xf32>
    // CHECK: %[[NF2:.*]] = arith.sitofp %arg3 : i32 to f32
    // CHECK-NEXT: arith.divf %{{.*}}, %[[NF2]] : f32
    // UNB: %[[M1:.*]] = arith.subi %arg3, %{{.*}} {kfix.repaired = "kfix-repair-variance-divisor"} : i32
    // UNB-NEXT: %[[F:.*]] = arith.sitofp %[[M1]] {kfix.repaired = "kfix-repair-variance-divisor"}
    // UNB: arith.divf %{{.*}}, %[[F]] {kfix.repaired = "kfix-repair-variance-divisor"}
    %nf2 = arith.sitofp %n : i32 to f32 loc("var.cu":4:21)
    %m = arith.divf %s1, %nf2 : f32 loc("var.cu":4:19)
    memref.store %m, %mean[%z] : memref<?xf32>
    gpu.return
  }
}
// ERR: to=unbiased needs loc=<file:line[:col]>
// AGAIN-NOT: kfix.repaired
// TWICE-COUNT-2: arith.subi %arg3
// TWICE-NOT: arith.subi %arg3
