#include <cuda_runtime.h>

#define WARP 32
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float warp_allreduce_prod(float v) {
#pragma unroll
    for (int mask = WARP / 2; mask > 0; mask >>= 1)
        v *= __shfl_xor_sync(FULL_MASK, v, mask);
    return v;
}

// Probability that none of `cols` independent events fires, per row:
//   surv[r] = prod_c (1 - p[r, c])
// One warp per row, blockDim.x = 256 (8 rows per block).
__global__ void row_survival(const float* __restrict__ p, float* __restrict__ surv,
                             int rows, int cols) {
    const int gwarp = (blockIdx.x * blockDim.x + threadIdx.x) / WARP;
    const int lane = threadIdx.x % WARP;
    if (gwarp >= rows) return;

    const float* __restrict__ pr = p + (size_t)gwarp * cols;
    float acc = 1.0f;
    for (int c = lane; c < cols; c += WARP) acc *= 1.0f - pr[c];
    acc = warp_allreduce_prod(acc);
    if (lane == 0) surv[gwarp] = acc;
}
