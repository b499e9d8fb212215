// Rows x cols + optional bias (null when absent), in three spellings of the test.
__device__ __forceinline__ float bias_or_zero(const float *b, int c) {
  return b != nullptr ? b[c] : 0.0f;
}

__global__ void add_bias_relu(const float *__restrict__ x, const float *__restrict__ bias,
                              float *__restrict__ y, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * cols) return;
  int c = i % cols;
  float v = x[i] + bias_or_zero(bias, c);
  if (!bias) v *= 0.5f;
  if (bias) v = v > 0.0f ? v : 0.0f;
  y[i] = v;
}
