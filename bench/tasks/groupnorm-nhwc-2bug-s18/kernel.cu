#include <cuda_runtime.h>

#define GN_THREADS 256

// Shared-memory tree sum; every thread gets the total back in buf[0].
__device__ __forceinline__ float block_reduce_sum(float v, float* buf) {
    buf[threadIdx.x] = v;
    __syncthreads();
    for (int s = GN_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    return buf[0];
}

// GroupNorm on a channels-last [N, HW, C] tensor: one block per (image, group).
// Group g owns channels [g * cpg, (g + 1) * cpg); its HW * cpg values are strided in memory.
__global__ void groupnorm_nhwc(const float* __restrict__ x, const float* __restrict__ gamma,
                               const float* __restrict__ beta, float* __restrict__ y,
                               int HW, int C, int G, float eps) {
    __shared__ float red[GN_THREADS];
    const int n = blockIdx.x / G;
    const int g = blockIdx.x % G;
    const int cpg = C / G;
    const int count = HW * cpg;
    const size_t base = (size_t)n * HW * C + (size_t)g * cpg;

    float s = 0.0f;
    for (int i = threadIdx.x; i < count; i += GN_THREADS)
        s += x[base + (size_t)(i / cpg) * C + (i % cpg)];
    const float mean = block_reduce_sum(s, red) / count;

    float sq = 0.0f;
    for (int i = threadIdx.x; i < count; i += GN_THREADS) {
        const float d = x[base + (size_t)(i / cpg) * C + (i % cpg)] - mean;
        sq += d * d;
    }
    const float var = block_reduce_sum(sq, red) / count;
    const float rstd = rsqrtf(var) + eps;

    for (int i = threadIdx.x; i < count; i += GN_THREADS) {
        const int c = g * cpg + (i % cpg);
        const size_t off = base + (size_t)(i / cpg) * C + (i % cpg);
        y[off] = (x[off] - mean) * rstd * gamma[c] + beta[c];
    }
}
