#include <cuda_runtime.h>

// torch.softmax(x / temperature, dim=-1) for x: (R, C); inv_t = 1 / temperature.
// One warp per row, WARPS rows per block; max and sum are warp reductions.
template <typename T>
__device__ __forceinline__ T warp_max(T v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

template <typename T>
__device__ __forceinline__ T warp_sum(T v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__device__ __forceinline__ float tempered_exp(float v, float m, float inv_t) {
    return __expf((v - m) * inv_t);
}

template <int WARPS>
__global__ void softmax_temperature_warp(const float* __restrict__ x, float* __restrict__ y,
                                         int R, int C, float inv_t) {
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * WARPS + (threadIdx.x >> 5);
    if (row >= R) return;
    const float* __restrict__ xr = x + (size_t)row * C;
    float* __restrict__ yr = y + (size_t)row * C;

    float m = -INFINITY;
    for (int j = lane; j < C; j += 32) m = fmaxf(m, xr[j]);
    m = warp_max(m);

    float s = 0.0f;
    for (int j = lane; j < C; j += 32) s += tempered_exp(xr[j], m, inv_t);
    const float inv_s = 1.0f / warp_sum(s);

    for (int j = lane; j < C; j += 32) yr[j] = tempered_exp(xr[j], m, inv_t) * inv_s;
}

template __global__ void softmax_temperature_warp<4>(const float*, float*, int, int, float);
