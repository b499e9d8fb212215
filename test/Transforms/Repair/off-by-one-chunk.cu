// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo | kfix-opt --verify-each '--kfix-repair-off-by-one=fix=dec loc=off-by-one-chunk.cu:16' | FileCheck %s --check-prefix=VEC
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo -DREVERSED | kfix-opt --verify-each '--kfix-repair-off-by-one=fix=dec loc=off-by-one-chunk.cu:12' | FileCheck %s --check-prefix=REV
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo -DSCALAR | kfix-opt --verify-each '--kfix-repair-off-by-one=fix=dec loc=off-by-one-chunk.cu:14' | FileCheck %s --check-prefix=SCALAR

// A W-wide chunk (a float4 here) guarded by a test of its first element:
// one fewer is the chunk's last element tested (`i * 4 + 3 < n`), not the
// bound lowered by one element (which leaves n % 4 == 3 past the end).

__global__ void k(const float4 *x, float4 *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(REVERSED)
  if (n > i * 4) y[i] = x[i];
#elif defined(SCALAR)
  if (i < n) y[i] = x[i];
#else
  if (i * 4 < n) y[i] = x[i];
#endif
}

// VEC: %[[M:.*]] = arith.muli %{{.*}}, %c4_i32
// VEC: %[[C3:.*]] = arith.constant 3 : i32
// VEC: %[[L:.*]] = arith.addi %[[M]], %[[C3]] {kfix.repaired = "kfix-repair-off-by-one"} : i32
// VEC: arith.cmpi slt, %[[L]], %{{.*}} {kfix.repaired = "kfix-repair-off-by-one"}

// REV: %[[M:.*]] = arith.muli %{{.*}}, %c4_i32
// REV: %[[L:.*]] = arith.addi %[[M]], %{{.*}} {kfix.repaired = "kfix-repair-off-by-one"} : i32
// REV: arith.cmpi sgt, %{{.*}}, %[[L]] {kfix.repaired = "kfix-repair-off-by-one"}

// A plain index: no chunk, so nothing of this kind (no added constant).
// SCALAR-NOT: arith.addi {{.*}}kfix-repair-off-by-one
