__global__ void row_sum_ref(const float *x, float *out, int n) {
  int row = blockIdx.x;
  if (threadIdx.x == 0) {
    float acc = 0.0f;
    for (int i = 0; i < n; ++i)
      acc += x[row * n + i];
    out[row] = acc;
  }
}
