// RUN: kfix-translate --import-cuda %s | kfix-opt --kfix-repair-accumulate-f32 | FileCheck %s

// A __half2 accumulator (`acc = __hfma2(d, d, acc)`) becomes a vector of two
// f32: the terms are extended, the lanes read as floats take the f32 lanes.

// CHECK-LABEL: gpu.func @sumsq_half2
// CHECK: memref.alloca() {kfix.repaired = "kfix-repair-accumulate-f32", kfix.var = "acc"} : memref<vector<2xf32>>
// CHECK: math.fma {{.*}}kfix.repaired{{.*}} : vector<2xf32>
// CHECK: vector.extract {{.*}}[0] {kfix.repaired{{.*}} : f32 from vector<2xf32>
// CHECK-NOT: memref<vector<2xf16>>
#include <cuda_fp16.h>
__global__ void sumsq_half2(const __half2* x, float* out, int n2) {
    __half2 acc = __float2half2_rn(0.0f);
    for (int i = threadIdx.x; i < n2; i += blockDim.x) {
        __half2 d = x[i];
        acc = __hfma2(d, d, acc);
    }
    out[threadIdx.x] = __low2float(acc) + __high2float(acc);
}
