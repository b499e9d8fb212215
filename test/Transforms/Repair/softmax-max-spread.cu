// RUN: kfix-translate --import-cuda %s -DBLOCK | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=BLOCK
// RUN: kfix-translate --import-cuda %s -DWARP | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=WARP
// RUN: kfix-translate --import-cuda %s -DLSE | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=LSE
// RUN: kfix-translate --import-cuda %s -DLEAK | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DMIXED | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DOTHERUSE | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=NONE

// Sums of exps whose loop is spread over threads and combined across them.
// Every thread computes the max over the whole range (from thread 0's start,
// step 1), so every partial sum is scaled by the same exp(-max).

// BLOCK-LABEL: gpu.func @k
// BLOCK: memref.alloca() {kfix.repaired = "kfix-repair-softmax-max", kfix.var = "__kfix_max"}
// BLOCK: %[[ZERO:.*]] = arith.constant {kfix.repaired = "kfix-repair-softmax-max"} 0 : index
// BLOCK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// BLOCK: arith.maxnumf
// BLOCK: } {kfix.repaired = "kfix-repair-softmax-max"}
// BLOCK: arith.subf {{.*}}kfix.repaired
// BLOCK: math.exp {{.*}}kfix.repaired
// BLOCK: arith.subf {{.*}}kfix.repaired
// BLOCK: math.exp {{.*}}kfix.repaired

// WARP-LABEL: gpu.func @k
// WARP: arith.maxnumf
// WARP: gpu.shuffle xor
// WARP: arith.subf {{.*}}kfix.repaired
// WARP: arith.mulf

// LSE-LABEL: gpu.func @k
// LSE: %[[L:.*]] = math.log
// LSE: %[[M:.*]] = memref.load %{{.*}}[] {kfix.repaired
// LSE: %[[A:.*]] = arith.addf %[[L]], %[[M]] {kfix.repaired
// LSE: memref.store %[[A]]

// NONE-LABEL: gpu.func @k
// NONE-NOT: kfix.repaired
__global__ void k(const float* x, float* y, float* aux, int cols) {
    __shared__ float red[64];
    const float* in = x + blockIdx.x * cols;
    float s = 0.0f;
    for (int j = threadIdx.x; j < cols; j += 64) s += expf(in[j]);
#if defined(BLOCK) || defined(LSE) || defined(LEAK) || defined(MIXED) || defined(OTHERUSE)
    red[threadIdx.x] = s;
    __syncthreads();
    for (int h = 32; h > 0; h >>= 1) {
        if (threadIdx.x < h) red[threadIdx.x] += red[threadIdx.x + h];
        __syncthreads();
    }
#endif
#if defined(BLOCK)
    for (int j = threadIdx.x; j < cols; j += 64) y[blockIdx.x * cols + j] = expf(in[j]) / red[0];
#endif
#if defined(WARP)
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    float inv = 1.0f / s;
    for (int j = threadIdx.x; j < cols; j += 32) y[blockIdx.x * cols + j] = expf(in[j]) * inv;
#endif
#if defined(LSE)
    if (threadIdx.x == 0) y[blockIdx.x] = logf(red[0]);
#endif
#if defined(LEAK)
    // The sum itself is an output: shifting would change it.
    if (threadIdx.x == 0) aux[blockIdx.x] = red[0];
    for (int j = threadIdx.x; j < cols; j += 64) y[blockIdx.x * cols + j] = expf(in[j]) / red[0];
#endif
#if defined(MIXED)
    // The partial sums are combined with a value that is not a sum of exps.
    if (threadIdx.x == 0) red[0] += aux[0];
    for (int j = threadIdx.x; j < cols; j += 64) y[blockIdx.x * cols + j] = expf(in[j]) / red[0];
#endif
#if defined(OTHERUSE)
    // The sum divides something that is not an exp.
    for (int j = threadIdx.x; j < cols; j += 64) y[blockIdx.x * cols + j] = in[j] / red[0];
#endif
}
