// RUN: kfix-translate --import-cuda %s | FileCheck %s

// A truncating integer division of constants that is converted to float is
// kept as IR (the truncation is the bug a repair has to see), not folded to 0.
// CHECK-LABEL: gpu.func @scale_quarter
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK: %[[Q:.*]] = arith.divsi %[[ONE]], %[[FOUR]] : i32
// CHECK: arith.sitofp %[[Q]] : i32 to f32
__global__ void scale_quarter(float *y, int n) {
  const float inv = 1 / 4;
  int i = threadIdx.x;
  if (i < n)
    y[i] = y[i] * inv;
}

// Through a macro and parentheses, in a float product.
// CHECK-LABEL: gpu.func @half_macro
// CHECK: arith.divsi
// CHECK: arith.sitofp
#define HALF (1 / 2)
__global__ void half_macro(float *y) { y[threadIdx.x] = HALF * y[threadIdx.x]; }

// Exact divisions and integer-only constant expressions still fold.
// CHECK-LABEL: gpu.func @exact_and_int
// CHECK-NOT: arith.divsi
// CHECK: arith.constant 2.500000e-01 : f32
// CHECK-NOT: arith.divsi
// CHECK: gpu.return
__global__ void exact_and_int(float *y, int *k) {
  y[threadIdx.x] = 1.0f / 4;
  y[threadIdx.x + 1] = 8 / 4;
  k[threadIdx.x] = 7 / 2;
}
