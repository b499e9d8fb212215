__global__ void softmax_ref(const float* x, float* y, int rows, int cols) {
  int row = blockIdx.x;
  if (row >= rows || threadIdx.x != 0) return;
  float m = -INFINITY;
  for (int c = 0; c < cols; ++c) m = fmaxf(m, x[row * cols + c]);
  float s = 0.0f;
  for (int c = 0; c < cols; ++c) s += expf(x[row * cols + c] - m);
  for (int c = 0; c < cols; ++c) y[row * cols + c] = expf(x[row * cols + c] - m) / s;
}
