__global__ void sign3(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float v = x[i]; y[i] = v > 0.f ? 1.f : (v < 0.f ? -1.f : 0.f); }
}
