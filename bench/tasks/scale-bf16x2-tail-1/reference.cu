#include <cuda_bf16.h>
__global__ void axpb_ref(const __nv_bfloat16* x, __nv_bfloat16* y, float alpha, float beta, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = __float2bfloat16_rn(alpha * __bfloat162float(x[i]) + beta);
}
