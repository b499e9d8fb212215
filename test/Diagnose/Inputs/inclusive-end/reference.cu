__global__ void box_ref(const float* x, float* y, int rows, int cols, int radius) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y;
  if (c < cols && r < rows) {
    float s = 0.0f;
    int cnt = 0;
    for (int d = -radius; d <= radius; ++d) {
      int k = c + d;
      if (k >= 0 && k < cols) { s += x[r * cols + k]; ++cnt; }
    }
    y[r * cols + c] = s / cnt;
  }
}
