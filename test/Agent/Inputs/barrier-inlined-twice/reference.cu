__global__ void row_moments_ref(const float *x, float *mean, float *meansq, int n) {
  int row = blockIdx.x;
  if (threadIdx.x == 0) {
    float a = 0.0f, b = 0.0f;
    for (int i = 0; i < n; ++i) {
      float v = x[row * n + i];
      a += v;
      b += v * v;
    }
    mean[row] = a / n;
    meansq[row] = b / n;
  }
}
