#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void pairs(const __nv_bfloat162* x, __nv_bfloat162* y, const __half2* h, __half2* g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float2 f = __bfloat1622float2(x[i]);
    y[i] = __float22bfloat162_rn(make_float2(f.x * 2.0f, f.y + 1.0f));
    float2 e = __half22float2(h[i]);
    g[i] = __float22half2_rn(e);
    __nv_bfloat162 z = __float2bfloat162_rn(0.5f);
    z.y = x[i].x;
    y[i + n] = z;
  }
}
