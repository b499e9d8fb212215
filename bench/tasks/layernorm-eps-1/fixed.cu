#include <cuda_runtime.h>
#include <math.h>

#define WARPS_PER_BLOCK 8

__device__ __forceinline__ float warp_allreduce(float v) {
#pragma unroll
    for (int m = 16; m; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
    return v;
}

// LayerNorm over the last dim, one 256-thread block per row.
__global__ void layer_norm_fwd(const float* __restrict__ x, const float* __restrict__ gamma,
                               const float* __restrict__ beta, float* __restrict__ y,
                               int rows, int cols, float eps) {
    __shared__ float part[WARPS_PER_BLOCK];
    const int row = blockIdx.x, lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const float* xr = x + (long long)row * cols;

    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += xr[c];
    s = warp_allreduce(s);
    if (lane == 0) part[w] = s;
    __syncthreads();
    float tot = 0.f;
    for (int i = 0; i < WARPS_PER_BLOCK; ++i) tot += part[i];
    const float mean = tot / cols;
    __syncthreads();

    float q = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) { float d = xr[c] - mean; q += d * d; }
    q = warp_allreduce(q);
    if (lane == 0) part[w] = q;
    __syncthreads();
    float var = 0.f;
    for (int i = 0; i < WARPS_PER_BLOCK; ++i) var += part[i];
    var = var / cols;
    const float rstd = rsqrtf(var + eps);

    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        y[(long long)row * cols + c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}
