#include <cuda_fp16.h>
__global__ void silu_ref(const __half* x, __half* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = __half2float(x[i]);
    y[i] = __float2half(v / (1.0f + expf(-v)));
  }
}
