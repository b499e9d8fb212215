// RUN: kfix-opt %s --verify-each --kfix-repair-int-division | FileCheck %s

// __global__ void mean(const int *hist, float *out, int total, int bins) {
//   int i = threadIdx.x;
//   out[i] = (float)(hist[i] / total);        // integer quotient, then float
//   out[i + bins] = (float)hist[i] / total;   // already a float division
//   out[i + 2 * bins] = (float)(hist[i] % bins);
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @mean
  gpu.func @mean(%hist: memref<?xi32>, %out: memref<?xf32>, %total: i32, %bins: i32) kernel
      attributes {kfix.name = "mean", kfix.arg_names = ["hist", "out", "total", "bins"],
                  kfix.arg_ctypes = ["const int *", "float *", "int", "int"]} {
    %tx = gpu.thread_id x
    %h = memref.load %hist[%tx] : memref<?xi32>
    // CHECK: %[[A:.*]] = arith.sitofp %[[H:.*]] : i32 to f32
    // CHECK-NEXT: %[[B:.*]] = arith.sitofp %arg2 : i32 to f32
    // CHECK-NEXT: %[[Q:.*]] = arith.divf %[[A]], %[[B]] {kfix.repaired = "kfix-repair-int-division"} : f32
    // CHECK-NEXT: memref.store %[[Q]]
    %q = arith.divsi %h, %total : i32
    %qf = arith.sitofp %q : i32 to f32
    memref.store %qf, %out[%tx] : memref<?xf32>
    // CHECK-NOT: kfix.repaired
    // CHECK: gpu.return
    %hf = arith.sitofp %h : i32 to f32
    %tf = arith.sitofp %total : i32 to f32
    %r = arith.divf %hf, %tf : f32
    memref.store %r, %out[%tx] : memref<?xf32>
    %m = arith.remsi %h, %bins : i32
    %mf = arith.sitofp %m : i32 to f32
    memref.store %mf, %out[%tx] : memref<?xf32>
    gpu.return
  }
}
