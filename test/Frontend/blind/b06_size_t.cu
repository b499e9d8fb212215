#include <cstddef>
__global__ void axpy_sz(const double* x, double* y, double a, size_t n) {
  size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  size_t stride = static_cast<size_t>(blockDim.x) * gridDim.x;
  for (; i < n; i += stride) y[i] += a * x[i];
}
