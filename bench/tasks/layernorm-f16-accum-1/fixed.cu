#include <cuda_fp16.h>

// LayerNorm on half tensors: one warp per row, statistics accumulated per lane.
__global__ void layernorm_half_warp(const __half* __restrict__ x, const __half* __restrict__ gamma,
                                    const __half* __restrict__ beta, __half* __restrict__ y,
                                    int rows, int cols, float eps) {
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    if (row >= rows) return;
    const __half* xr = x + (long long)row * cols;
    __half* yr = y + (long long)row * cols;

    float sum = 0.f;
    for (int c = lane; c < cols; c += 32) sum += __half2float(xr[c]);
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffff, sum, o);
    float mean = sum / cols;

    float sq = 0.f;
    for (int c = lane; c < cols; c += 32) { float d = __half2float(xr[c]) - mean; sq += d * d; }
    for (int o = 16; o > 0; o >>= 1) sq += __shfl_xor_sync(0xffffffff, sq, o);
    float rstd = rsqrtf(sq / cols + eps);

    for (int c = lane; c < cols; c += 32) {
        float v = (__half2float(xr[c]) - mean) * rstd;
        yr[c] = __float2half(v * __half2float(gamma[c]) + __half2float(beta[c]));
    }
}
