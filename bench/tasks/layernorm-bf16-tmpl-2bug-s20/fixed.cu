#include <cuda_runtime.h>
#include <cuda_bf16.h>

// nn.LayerNorm(C) over the last dim of a [R, C] activation (bf16 or f32 storage), f32 affine.
// One block of BLOCK threads per row; two-pass mean / biased variance.
__device__ __forceinline__ float to_f32(float v) { return v; }
__device__ __forceinline__ float to_f32(__nv_bfloat16 v) { return __bfloat162float(v); }
__device__ __forceinline__ void store_f32(float* p, float v) { *p = v; }
__device__ __forceinline__ void store_f32(__nv_bfloat16* p, float v) { *p = __float2bfloat16(v); }

// shared-array tree reduction; every thread gets the total
template <int BLOCK>
__device__ __forceinline__ float block_sum(float v, float* red) {
    __syncthreads();  // red[] may still be read from the previous call
    red[threadIdx.x] = v;
    __syncthreads();
#pragma unroll
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    return red[0];
}

template <typename T, int BLOCK>
__global__ void layernorm_fwd(const T* __restrict__ x, const float* __restrict__ gamma,
                              const float* __restrict__ beta, T* __restrict__ y, int C, float eps) {
    __shared__ float red[BLOCK];
    const T* __restrict__ xr = x + (size_t)blockIdx.x * C;
    T* __restrict__ yr = y + (size_t)blockIdx.x * C;

    float s = 0.0f;
    for (int i = threadIdx.x; i < C; i += BLOCK) s += to_f32(xr[i]);
    const float mean = block_sum<BLOCK>(to_f32(s), red) / C;

    float sq = 0.0f;
    for (int i = threadIdx.x; i < C; i += BLOCK) {
        const float d = to_f32(xr[i]) - mean;
        sq += d * d;
    }
    const float rstd = rsqrtf(block_sum<BLOCK>(sq, red) / C + eps);

    for (int i = threadIdx.x; i < C; i += BLOCK)
        store_f32(yr + i, (to_f32(xr[i]) - mean) * rstd * gamma[i] + beta[i]);
}

template __global__ void layernorm_fwd<__nv_bfloat16, 32>(const __nv_bfloat16* __restrict__, const float* __restrict__,
                                                          const float* __restrict__, __nv_bfloat16* __restrict__, int, float);
