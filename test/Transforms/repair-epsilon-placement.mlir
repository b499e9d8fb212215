// RUN: kfix-opt %s --verify-each --kfix-repair-epsilon-placement | FileCheck %s

// __global__ void layernorm_scale(const float *var, float *inv, float eps) {
//   int i = threadIdx.x;
//   inv[i] = rsqrtf(var[i]) + eps;                 // should be rsqrtf(var[i] + eps)
//   inv[i + 32] = sqrtf(var[i]) + 1e-5f;           // should be sqrtf(var[i] + 1e-5f)
//   inv[i + 64] = sqrtf(var[i]) + 1.0f;            // not an epsilon: untouched
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @layernorm_scale
  gpu.func @layernorm_scale(%var: memref<?xf32>, %inv: memref<?xf32>, %eps: f32) kernel
      attributes {kfix.name = "layernorm_scale", kfix.arg_names = ["var", "inv", "eps"],
                  kfix.arg_ctypes = ["const float *", "float *", "float"]} {
    %tx = gpu.thread_id x
    %v = memref.load %var[%tx] : memref<?xf32>
    // CHECK: %[[S:.*]] = arith.addf %[[V:.*]], %arg2 {kfix.repaired = "kfix-repair-epsilon-placement"} : f32
    // CHECK-NEXT: %[[R:.*]] = math.rsqrt %[[S]] {kfix.repaired = "kfix-repair-epsilon-placement"} : f32
    // CHECK-NEXT: memref.store %[[R]]
    %r = math.rsqrt %v : f32
    %a = arith.addf %r, %eps : f32
    memref.store %a, %inv[%tx] : memref<?xf32>
    // CHECK: %[[S2:.*]] = arith.addf %[[V]], %{{.*}} {kfix.repaired = "kfix-repair-epsilon-placement"} : f32
    // CHECK-NEXT: math.sqrt %[[S2]] {kfix.repaired = "kfix-repair-epsilon-placement"} : f32
    %c = arith.constant 1.0e-5 : f32
    %q = math.sqrt %v : f32
    %b = arith.addf %q, %c : f32
    memref.store %b, %inv[%tx] : memref<?xf32>
    // CHECK: %[[Q3:.*]] = math.sqrt %[[V]] : f32
    // CHECK-NEXT: arith.addf %[[Q3]], %{{.*}} : f32
    %one = arith.constant 1.0 : f32
    %q3 = math.sqrt %v : f32
    %d = arith.addf %q3, %one : f32
    memref.store %d, %inv[%tx] : memref<?xf32>
    gpu.return
  }
}
