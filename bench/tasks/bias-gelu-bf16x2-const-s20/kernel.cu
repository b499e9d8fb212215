#include <cuda_runtime.h>
#include <cuda_bf16.h>

// y = F.gelu(x + bias) (exact, erf form) on bf16 [R, C] activations, bias [C]; C even.
// 2-D grid: blockIdx.y = row, x threads over __nv_bfloat162 column pairs.
#define GELU_K 1.4142135623730951f   // 1 / sqrt(2)

__device__ __forceinline__ float gelu_erf(float v) {
    return 0.5f * v * (1.0f + erff(v * GELU_K));
}

__global__ void bias_gelu_bf16x2(const __nv_bfloat16* __restrict__ x,
                                 const __nv_bfloat16* __restrict__ bias,
                                 __nv_bfloat16* __restrict__ y, int C) {
    const int pair = blockIdx.x * blockDim.x + threadIdx.x;
    const int half_c = C >> 1;
    if (pair >= half_c) return;
    const size_t base = (size_t)blockIdx.y * half_c;

    const __nv_bfloat162 xv = reinterpret_cast<const __nv_bfloat162*>(x)[base + pair];
    const __nv_bfloat162 bv = reinterpret_cast<const __nv_bfloat162*>(bias)[pair];
    const float2 v = __bfloat1622float2(__hadd2(xv, bv));
    reinterpret_cast<__nv_bfloat162*>(y)[base + pair] =
        __floats2bfloat162_rn(gelu_erf(v.x), gelu_erf(v.y));
}
