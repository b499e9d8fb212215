// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-accumulate-f32 | FileCheck %s

// __global__ void dot_half(const __half *a, const __half *b, __half *out, int n) {
//   __half acc = __float2half(0.0f);
//   for (int i = 0; i < n; ++i) acc = __hadd(acc, __hmul(a[i], b[i]));
//   out[blockIdx.x] = acc;
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @dot_half
  gpu.func @dot_half(%a: memref<?xf16>, %b: memref<?xf16>, %out: memref<?xf16>, %n: i32) kernel
      attributes {kfix.name = "dot_half", kfix.arg_names = ["a", "b", "out", "n"],
                  kfix.arg_ctypes = ["const __half *", "const __half *", "__half *", "int"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: %[[ACC:.*]] = memref.alloca() {kfix.repaired = "kfix-repair-accumulate-f32", kfix.var = "acc"} : memref<f32>
    %acc = memref.alloca() {kfix.var = "acc"} : memref<f16>
    // CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
    %f0 = arith.constant 0.0 : f32
    %h0 = arith.truncf %f0 : f32 to f16
    // CHECK: memref.store %[[ZERO]], %[[ACC]][] {kfix.repaired = "kfix-repair-accumulate-f32"} : memref<f32>
    memref.store %h0, %acc[] : memref<f16>
    %i = memref.alloca() {kfix.var = "i"} : memref<i32>
    scf.for %iv = %c0 to %n step %c1 : i32 {
      memref.store %iv, %i[] : memref<i32>
      %0 = memref.load %i[] : memref<i32>
      %1 = arith.index_cast %0 : i32 to index
      %va = memref.load %a[%1] : memref<?xf16>
      %vb = memref.load %b[%1] : memref<?xf16>
      // The product is computed in f32 as well (a half product rounds to 11
      // bits before it is added); the half one is gone.
      // CHECK: %[[VA:.*]] = memref.load %arg0
      // CHECK: %[[VB:.*]] = memref.load %arg1
      // CHECK-NOT: arith.mulf {{.*}} : f16
      %p = arith.mulf %va, %vb : f16
      // CHECK-NEXT: %[[OLD:.*]] = memref.load %[[ACC]][] : memref<f32>
      // CHECK-NEXT: %[[AW:.*]] = arith.extf %[[VA]] : f16 to f32
      // CHECK-NEXT: %[[BW:.*]] = arith.extf %[[VB]] : f16 to f32
      // CHECK-NEXT: %[[PW:.*]] = arith.mulf %[[AW]], %[[BW]] {kfix.repaired = "kfix-repair-accumulate-f32"} : f32
      // CHECK-NEXT: %[[S:.*]] = arith.addf %[[OLD]], %[[PW]] {kfix.repaired = "kfix-repair-accumulate-f32"} : f32
      // CHECK-NEXT: memref.store %[[S]], %[[ACC]][]
      %2 = memref.load %acc[] : memref<f16>
      %3 = arith.addf %2, %p : f16
      memref.store %3, %acc[] : memref<f16>
    }
    // CHECK: %[[R:.*]] = memref.load %[[ACC]][] : memref<f32>
    // CHECK-NEXT: %[[RH:.*]] = arith.truncf %[[R]] {kfix.repaired = "kfix-repair-accumulate-f32"} : f32 to f16
    // CHECK: memref.store %[[RH]], %arg2
    %4 = memref.load %acc[] : memref<f16>
    %bx = gpu.block_id x
    memref.store %4, %out[%bx] : memref<?xf16>
    gpu.return
  }
}

// -----

// A half local that is only copied (never accumulated), and an f32 accumulator:
// nothing to do.
// __global__ void k(const __half *a, float *out) {
//   __half h = a[0]; float s = 0.0f;
//   for (int i = 0; i < 4; ++i) s += __half2float(a[i]);
//   out[0] = s + __half2float(h);
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @k
  // CHECK-NOT: kfix.repaired
  // CHECK: gpu.return
  gpu.func @k(%a: memref<?xf16>, %out: memref<?xf32>) kernel
      attributes {kfix.name = "k", kfix.arg_names = ["a", "out"],
                  kfix.arg_ctypes = ["const __half *", "float *"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %z = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f32
    %h = memref.alloca() {kfix.var = "h"} : memref<f16>
    %s = memref.alloca() {kfix.var = "s"} : memref<f32>
    %a0 = memref.load %a[%z] : memref<?xf16>
    memref.store %a0, %h[] : memref<f16>
    memref.store %f0, %s[] : memref<f32>
    scf.for %iv = %c0 to %c4 step %c1 : i32 {
      %0 = arith.index_cast %iv : i32 to index
      %1 = memref.load %a[%0] : memref<?xf16>
      %2 = arith.extf %1 : f16 to f32
      %3 = memref.load %s[] : memref<f32>
      %4 = arith.addf %3, %2 : f32
      memref.store %4, %s[] : memref<f32>
    }
    %5 = memref.load %s[] : memref<f32>
    %6 = memref.load %h[] : memref<f16>
    %7 = arith.extf %6 : f16 to f32
    %8 = arith.addf %5, %7 : f32
    memref.store %8, %out[%z] : memref<?xf32>
    gpu.return
  }
}
