// Row softmax, one block of 256 threads per row: the kernel whose compile
// latency bench/compile/run.sh compares (nvcc -ptx vs kfix-opt on softmax.mlir,
// the lifted form of this file).
#include <math.h>

__global__ void softmax_rows(const float *__restrict__ x, float *y, int rows, int cols) {
  __shared__ float red[256];
  int row = blockIdx.x;
  int t = threadIdx.x;
  float m = -INFINITY;
  for (int j = t; j < cols; j += blockDim.x)
    m = fmaxf(m, x[row * cols + j]);
  red[t] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      red[t] = fmaxf(red[t], red[t + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  float sum = 0.0f;
  for (int j = t; j < cols; j += blockDim.x)
    sum += expf(x[row * cols + j] - m);
  red[t] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      red[t] += red[t + s];
    __syncthreads();
  }
  sum = red[0];
  for (int j = t; j < cols; j += blockDim.x)
    y[row * cols + j] = expf(x[row * cols + j] - m) / sum;
}
