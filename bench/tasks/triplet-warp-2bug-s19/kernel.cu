#include <cuda_runtime.h>
#include <math.h>

#define LANES 32

__device__ __forceinline__ float warp_reduce_sum(float v) {
#pragma unroll
    for (int off = LANES; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    return v;  // valid in lane 0
}

// nn.TripletMarginLoss(margin, p=2, eps, reduction="none"):
//   loss[i] = max(||a_i - p_i + eps||_2 - ||a_i - n_i + eps||_2 + margin, 0)
// blockDim = (32, ROWS): the 32 lanes along x share one sample, threadIdx.y picks the sample.
__global__ void triplet_margin_rows(const float* __restrict__ anc, const float* __restrict__ pos,
                                    const float* __restrict__ neg, float* __restrict__ loss,
                                    int batch, int dim, float margin, float eps) {
    const int row = blockIdx.x * blockDim.x + threadIdx.y;
    if (row >= batch) return;
    const size_t base = (size_t)row * dim;

    float sp = 0.0f, sn = 0.0f;
    for (int k = threadIdx.x; k < dim; k += LANES) {
        const float a = anc[base + k];
        const float dp = a - pos[base + k] + eps;
        const float dn = a - neg[base + k] + eps;
        sp += dp * dp;
        sn += dn * dn;
    }
    sp = warp_reduce_sum(sp);
    sn = warp_reduce_sum(sn);
    if (threadIdx.x == 0) loss[row] = fmaxf(sqrtf(sp) - sqrtf(sn) + margin, 0.0f);
}
