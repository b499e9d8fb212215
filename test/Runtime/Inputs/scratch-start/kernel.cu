// Two launches: a block-wide sum of squares into a scratch accumulator the
// host zeroes (torch::zeros in a KernelBench wrapper), then a division by it.
__global__ void sum_squares(const float *x, float *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(acc, x[i] * x[i]);
}

__global__ void scale(const float *x, const float *acc, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] / (1.0f + acc[0]);
}
