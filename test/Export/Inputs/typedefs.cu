// The kernel's signature is spelled with the file's own aliases.
#include <cuda_runtime.h>
typedef float real;
typedef real floatX;
using unused_vec = float4;
using index_t = int;

__global__ void scale_kernel(const floatX *x, floatX *y, index_t n) {
  index_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] * 2.0f;
}
