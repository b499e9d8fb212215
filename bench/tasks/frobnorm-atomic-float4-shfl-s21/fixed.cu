#include <cuda_runtime.h>

// x / torch.norm(x, p='fro') for a (B, F, D) float tensor, in two launches:
//   frob_sumsq_kernel: grid-stride sum of squares, warp reduce, one atomicAdd per warp
//   frob_scale_kernel: float4 body + scalar tail, y = x * rsqrt(sumsq)

#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float warp_sum(float v) {
    // lane 0 ends with the warp total
    for (int off = 1; off < 32; off <<= 1)
        v += __shfl_down_sync(FULL_MASK, v, off);
    return v;
}

__global__ void frob_sumsq_kernel(const float* __restrict__ x, float* __restrict__ sumsq, long long n) {
    float s = 0.0f;
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const float v = x[i];
        s = fmaf(v, v, s);
    }
    s = warp_sum(s);
    if ((threadIdx.x & 31) == 0) atomicAdd(sumsq, s);
}

__global__ void frob_scale_kernel(const float* __restrict__ x, const float* __restrict__ sumsq,
                                  float* __restrict__ y, long long n) {
    const float inv = rsqrtf(*sumsq);
    const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long stride = (long long)gridDim.x * blockDim.x;
    const long long n4 = n >> 2;
    const float4* x4 = reinterpret_cast<const float4*>(x);
    float4* y4 = reinterpret_cast<float4*>(y);
    for (long long i = tid; i < n4; i += stride) {
        float4 v = x4[i];
        v.x *= inv; v.y *= inv; v.z *= inv; v.w *= inv;
        y4[i] = v;
    }
    for (long long i = (n4 << 2) + tid; i < n; i += stride) y[i] = x[i] * inv;
}
