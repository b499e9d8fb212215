#include <cuda_bf16.h>

// y = alpha * x + beta in bf16, two elements per thread through __nv_bfloat162.
__global__ void axpb_bf16x2(const __nv_bfloat16* __restrict__ x, __nv_bfloat16* __restrict__ y,
                            float alpha, float beta, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int pairs = (n + 1) / 2;   // count the odd element as a pair
    if (i >= pairs) return;
    const __nv_bfloat162 v = reinterpret_cast<const __nv_bfloat162*>(x)[i];
    const float2 f = __bfloat1622float2(v);
    reinterpret_cast<__nv_bfloat162*>(y)[i] =
        __floats2bfloat162_rn(alpha * f.x + beta, alpha * f.y + beta);
}
