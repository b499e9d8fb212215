// y[r, :] = x[r, :] * rsqrt(mean(x[r, :]^2) + eps) * w; one warp (32 threads) per row.
#include <cuda_runtime.h>

__global__ void rmsnorm_warp(const float* x, const float* w, float* y, int rows, int dim, float eps) {
    int row = blockIdx.x;
    int lane = threadIdx.x;
    if (row >= rows) return;
    const float* xr = &x[row * dim];
    float ss = 0.0f;
    for (int i = lane; i < dim; i += 32) ss += xr[i] * xr[i];
    for (int off = 16; off >= 1; off /= 2) ss += __shfl_xor_sync(0xffffffff, ss, off, 32);
    float scale = rsqrtf(ss / (float)dim + eps);
    for (int i = lane; i < dim; i += 32) y[row * dim + i] = xr[i] * scale * w[i];
}
