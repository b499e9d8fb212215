__global__ void leaky_ref(const float* in, float* out, float scale, float slope, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i] * scale;
    out[i] = v > 0.0f ? v : v * slope;
  }
}
