#include <cuda_runtime.h>

// RMSNorm: y = x / rms(x) * w, one warp (32 threads) per row
__global__ void rmsnorm_warp(const float *x, const float *w, float *y, int rows, int dim, float eps) {
    int row = blockIdx.x;
    int lane = threadIdx.x;
    const float *xr = x + (long long)row * dim;
    float ss = 0.0f;
    for (int i = lane; i < dim; i += 32) ss += xr[i] * xr[i];
    for (int off = 16; off > 0; off >>= 1) ss += __shfl_down_sync(0xffffffff, ss, off);
    ss = __shfl_sync(0xffffffff, ss, 0);   // lane 0 holds the total
    float scale = rsqrtf(ss / dim + eps);
    for (int i = lane; i < dim; i += 32) y[(long long)row * dim + i] = xr[i] * scale * w[i];
}
