__global__ void bias_gelu_ref(const float *in, const float *bias, float *out, int rows, int cols) {
  int row = blockIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows && col < cols) {
    float x = in[row * cols + col] + bias[col];
    out[row * cols + col] = 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
  }
}
