__global__ void saxpy(const float *x, float *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void oob(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = 7.0f;
}
__global__ void maybe_bias(float *y, const float *bias, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = bias ? bias[i] : -1.0f;
}
#include <torch/extension.h>
__global__ void transpose2d(torch::PackedTensorAccessor32<float, 2> a,
                            torch::PackedTensorAccessor32<float, 2> b) {
  int i = threadIdx.x, j = threadIdx.y;
  if (i < a.size(0) && j < a.size(1)) b[j][i] = a[i][j] * 10.0f;
}
