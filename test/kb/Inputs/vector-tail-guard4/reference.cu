__global__ void gelu_ref(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float v = x[i]; y[i] = v * 0.5f * (1.0f + tanhf(0.79788456f * (v + 0.044715f * v * v * v))); }
}
