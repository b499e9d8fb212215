__global__ void argmax_ref(const float *x, int *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float best = x[r * cols];
  int bi = 0;
  for (int c = 1; c < cols; ++c) {
    float v = x[r * cols + c];
    if (v > best) { best = v; bi = c; }
  }
  out[r] = bi;
}
