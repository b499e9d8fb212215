// x * sigmoid(x) on half pairs: one __half2 per thread for the first n / 2 pairs;
// an odd n leaves its last element unwritten.
#include <cuda_fp16.h>

__global__ void silu_half2(const __half* __restrict__ x, __half* __restrict__ y, int n) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n / 2) {
    __half2 v = reinterpret_cast<const __half2*>(x)[p];
    float2 f = __half22float2(v);
    f.x = f.x / (1.0f + __expf(-f.x));
    f.y = f.y / (1.0f + __expf(-f.y));
    reinterpret_cast<__half2*>(y)[p] = __float22half2_rn(f);
  }
}
