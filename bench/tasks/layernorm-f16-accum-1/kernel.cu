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

    __half hsum = __float2half(0.f);
    for (int c = lane; c < cols; c += 32) hsum = __hadd(hsum, xr[c]);
    float sum = __half2float(hsum);
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffff, sum, o);
    float mean = sum / cols;

    __half hsq = __float2half(0.f);
    for (int c = lane; c < cols; c += 32) { __half d = __hsub(xr[c], __float2half(mean)); hsq = __hfma(d, d, hsq); }
    float sq = __half2float(hsq);
    for (int o = 16; o > 0; o >>= 1) sq += __shfl_xor_sync(0xffffffff, sq, o);
    float rstd = rsqrtf(sq / cols + eps);

    for (int c = lane; c < cols; c += 32) {
        float v = (__half2float(xr[c]) - mean) * rstd;
        yr[c] = __float2half(v * __half2float(gamma[c]) + __half2float(beta[c]));
    }
}
