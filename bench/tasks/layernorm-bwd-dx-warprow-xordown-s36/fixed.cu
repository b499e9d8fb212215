// LayerNorm backward, gradient w.r.t. the input only (the dgamma/dbeta partials are a
// separate kernel), using the statistics saved by the forward pass:
//
//   xhat = (x - mean) * rstd,   g = dy * gamma
//   dx   = rstd * (g - mean_j(g) - xhat * mean_j(g * xhat))
//
// Layout: x, dy, dx are [rows, D] row-major; mean, rstd are [rows]; gamma is [D].
// Launch: block = (32, ROWS_PER_BLOCK); each warp (fixed threadIdx.y) owns one row and
// its 32 lanes stride over the columns.

#include <cuda_runtime.h>

#define ROWS_PER_BLOCK 4
#define FULL_MASK 0xffffffffu

// reduces two running sums across the warp at once; every lane needs both totals
__device__ __forceinline__ void warp_allreduce2(float& a, float& b) {
#pragma unroll
    for (int off = 16; off >= 1; off >>= 1) {
        a += __shfl_xor_sync(FULL_MASK, a, off);
        b += __shfl_xor_sync(FULL_MASK, b, off);
    }
}

__global__ void __launch_bounds__(32 * ROWS_PER_BLOCK)
layernorm_bwd_dx_kernel(const float* __restrict__ dy, const float* __restrict__ x,
                        const float* __restrict__ mean, const float* __restrict__ rstd,
                        const float* __restrict__ gamma, float* __restrict__ dx,
                        int rows, int D) {
    const int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.y;
    const int lane = threadIdx.x;
    if (row >= rows) return;          // whole warp leaves together

    const size_t base = (size_t)row * D;
    const float mu = mean[row];
    const float rs = rstd[row];

    float sum_g = 0.f, sum_gx = 0.f;
    for (int j = lane; j < D; j += 32) {
        const float g = dy[base + j] * gamma[j];
        const float xh = (x[base + j] - mu) * rs;
        sum_g += g;
        sum_gx += g * xh;
    }
    warp_allreduce2(sum_g, sum_gx);

    const float invD = 1.0f / (float)D;
    const float mean_g = sum_g * invD;
    const float mean_gx = sum_gx * invD;

    for (int j = lane; j < D; j += 32) {
        const float g = dy[base + j] * gamma[j];
        const float xh = (x[base + j] - mu) * rs;
        dx[base + j] = rs * (g - mean_g - xh * mean_gx);
    }
}
