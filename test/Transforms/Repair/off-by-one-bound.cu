// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo | kfix-opt --verify-each '--kfix-repair-off-by-one=fix=bound-dec loc=off-by-one-bound.cu:19' | FileCheck %s --check-prefix=PARAM
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo -DREVERSED | kfix-opt --verify-each '--kfix-repair-off-by-one=fix=bound-dec loc=off-by-one-bound.cu:17' | FileCheck %s --check-prefix=REV
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo | kfix-opt --verify-each '--kfix-repair-off-by-one=fix=bound-inc loc=off-by-one-bound.cu:19' | FileCheck %s --check-prefix=INC

// A guard compared with a bound that is neither a local nor a loop's (`h < H`
// with H a parameter, for `h < H - 1`: the vertical neighbour of the last
// row is the next plane's first): the bound moves by one where the
// comparison is made. The side that is the same for every thread is the
// bound, whichever side of the comparison it is on.

__global__ void tv(const float *x, float *out, int H, int W, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int h = (i / W) % H;
  float acc = 0.0f;
#if defined(REVERSED)
  if (H > h) acc += fabsf(x[i + W] - x[i]);
#else
  if (h < H) acc += fabsf(x[i + W] - x[i]);
#endif
  out[i] = acc;
}

// PARAM: gpu.func @tv(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[H:[^:]+]]: i32,
// PARAM: %[[C1:.*]] = arith.constant 1 : i32
// PARAM: %[[B:.*]] = arith.subi %[[H]], %[[C1]] {kfix.repaired = "kfix-repair-off-by-one"} : i32
// PARAM: arith.cmpi slt, %{{.*}}, %[[B]] {kfix.repaired = "kfix-repair-off-by-one"}

// REV: gpu.func @tv(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[H:[^:]+]]: i32,
// REV: %[[B:.*]] = arith.subi %[[H]], %{{.*}} {kfix.repaired = "kfix-repair-off-by-one"} : i32
// REV: arith.cmpi sgt, %[[B]], %{{.*}} {kfix.repaired = "kfix-repair-off-by-one"}

// INC: gpu.func @tv(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[H:[^:]+]]: i32,
// INC: %[[B:.*]] = arith.addi %[[H]], %{{.*}} {kfix.repaired = "kfix-repair-off-by-one"} : i32
// INC: arith.cmpi slt, %{{.*}}, %[[B]] {kfix.repaired = "kfix-repair-off-by-one"}
