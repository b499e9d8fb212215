#include <algorithm>
__global__ void clamp_kernel(const float* x, float* y, float lo, float hi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = std::min(std::max(x[i], lo), hi);
}
