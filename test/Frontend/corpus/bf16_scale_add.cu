// out[i] = bf16(alpha * float(a[i]) + float(b[i])), fp32 math on bf16 storage.
#include <cuda_bf16.h>

__global__ void bf16_axpby(const __nv_bfloat16* a, const __nv_bfloat16* b, __nv_bfloat16* out,
                           float alpha, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float av = __bfloat162float(a[i]);
        float bv = __bfloat162float(b[i]);
        out[i] = __float2bfloat16(alpha * av + bv);
    }
}
