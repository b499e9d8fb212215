#include <cuda_runtime.h>
#include <cfloat>
#include <math.h>

// nn.CrossEntropyLoss() (mean over the batch) for logits [N, C] and int64 targets.
// One warp per sample: every lane keeps an online (max, sum-of-exp) pair over its strided
// columns, the 32 pairs are merged with a shuffle butterfly, and lane 0 adds
// (logsumexp - logit[target]) / N to the scalar loss with one atomicAdd.

#define THREADS 128
#define WARP_SIZE 32
#define FULL_MASK 0xffffffffu

// merge the running state (m, s) with another partial (om, os):
// s is a sum of exp(x - m) terms, so both sides are rescaled to the new max.
__device__ __forceinline__ void lse_merge(float& m, float& s, float om, float os) {
    if (os == 0.0f) return;  // empty partial (lane saw no columns)
    const float new_m = fmaxf(m, om);
    s = s * __expf(m - new_m) + os * __expf(om - new_m);
    m = new_m;
}

__global__ void cross_entropy_mean_kernel(const float* __restrict__ logits,
                                          const long long* __restrict__ targets,
                                          float* __restrict__ loss,
                                          const int N, const int C, const float inv_n) {
    const int warp_id = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_SIZE;
    const int lane = threadIdx.x & (WARP_SIZE - 1);
    if (warp_id >= N) return;  // whole warp leaves together

    const float* row = logits + (size_t)warp_id * C;
    float m = -INFINITY;
    float s = 0.0f;
    for (int c = lane; c < C; c += WARP_SIZE) {
        const float v = row[c];
        if (v > m) {
            s = s * __expf(m - v) + 1.0f;
            m = v;
        } else {
            s += __expf(v - m);
        }
    }

#pragma unroll
    for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) {
        const float om = __shfl_xor_sync(FULL_MASK, m, offset);
        const float os = __shfl_xor_sync(FULL_MASK, s, offset);
        lse_merge(m, s, om, os);
    }

    if (lane == 0) {
        const float lse = m + logf(s);
        const long long t = targets[warp_id];
        atomicAdd(loss, (lse - row[t]) * inv_n);
    }
}
