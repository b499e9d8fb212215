#include <cuda_bf16.h>
__global__ void bf16_relu(const __nv_bfloat16* x, __nv_bfloat16* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = __bfloat162float(x[i]);
    y[i] = __float2bfloat16(v > 0.f ? v : 0.f);
  }
}
