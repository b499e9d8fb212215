// y[i] = alpha * x[i] + y[i], grid-stride loop.
#include <cuda_runtime.h>

__global__ void saxpy(int n, float alpha, const float *x, float *y)
{
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    y[i] = alpha * x[i] + y[i];
}
