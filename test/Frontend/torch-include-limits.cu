// Kernels written against <torch/extension.h> use FLT_MAX, INT_MAX and int64_t
// without including <cfloat>/<climits>/<cstdint>: the real header brings them in
// (nvcc compiles such candidates), so kfix's stand-in for it must too.
// RUN: kfix-translate --import-cuda %s | FileCheck %s
// CHECK: gpu.func @rowmax
// CHECK: arith.constant -3.40282347E+38 : f32
#include <torch/extension.h>

__global__ void rowmax(const float* x, float* out, int n) {
    float m = -FLT_MAX;
    int64_t base = (int64_t)blockIdx.x * n;
    for (int i = 0; i < n && i < INT_MAX; ++i) m = fmaxf(m, x[base + i]);
    if (threadIdx.x == 0) out[blockIdx.x] = m;
}
