#include <cuda_fp16.h>
__global__ void half2_axpy(const __half2* x, __half2* y, __half2 a, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) y[i] = __hfma2(a, x[i], y[i]);
}
