// RMSNorm over the last dimension, one block (128 threads) per row.
#include <torch/extension.h>

__global__ void rmsnorm_kernel(const float* __restrict__ x, const float* __restrict__ weight,
                               float* __restrict__ y, int hidden, float eps) {
    __shared__ float red[128];
    const float* xr = x + (size_t)blockIdx.x * hidden;
    float* yr = y + (size_t)blockIdx.x * hidden;
    float ss = 0.f;
    for (int i = threadIdx.x; i < hidden; i += blockDim.x) ss += xr[i] * xr[i];
    red[threadIdx.x] = ss;
    __syncthreads();
    for (int s = 64; s > 0; s >>= 1) {
        if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    float inv_rms = rsqrtf(red[0] / hidden) + eps;
    for (int i = threadIdx.x; i < hidden; i += blockDim.x) yr[i] = xr[i] * inv_rms * weight[i];
}
