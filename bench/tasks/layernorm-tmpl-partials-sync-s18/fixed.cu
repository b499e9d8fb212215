#include <cuda_runtime.h>

// Sum over the whole block: shuffle inside each warp, one partial per warp in
// shared memory, then the first warp folds the partials. Result broadcast to all.
template <int BLOCK>
__device__ __forceinline__ float block_allreduce_sum(float v, float* partials) {
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (lane == 0) partials[warp] = v;
    __syncthreads();
    v = (threadIdx.x < BLOCK / 32) ? partials[lane] : 0.0f;
    if (warp == 0) {
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
        if (lane == 0) partials[32] = v;
    }
    __syncthreads();
    const float total = partials[32];
    __syncthreads();
    return total;
}

// LayerNorm over the last dimension, one row per block of BLOCK threads.
template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
layernorm_fwd(const float* __restrict__ x, const float* __restrict__ gamma,
              const float* __restrict__ beta, float* __restrict__ y, int dim, float eps) {
    __shared__ float partials[33];
    const float* __restrict__ xr = x + (size_t)blockIdx.x * dim;
    float* __restrict__ yr = y + (size_t)blockIdx.x * dim;

    float s = 0.0f;
    for (int i = threadIdx.x; i < dim; i += BLOCK) s += xr[i];
    const float mean = block_allreduce_sum<BLOCK>(s, partials) / dim;

    float sq = 0.0f;
    for (int i = threadIdx.x; i < dim; i += BLOCK) {
        const float d = xr[i] - mean;
        sq += d * d;
    }
    const float rstd = rsqrtf(block_allreduce_sum<BLOCK>(sq, partials) / dim + eps);

    for (int i = threadIdx.x; i < dim; i += BLOCK)
        yr[i] = (xr[i] - mean) * rstd * gamma[i] + beta[i];
}

template __global__ void layernorm_fwd<256>(const float* __restrict__, const float* __restrict__,
                                            const float* __restrict__, float* __restrict__, int, float);
