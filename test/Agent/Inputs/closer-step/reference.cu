__global__ void row_var_ref(const float *x, float *var, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  double s = 0.0;
  for (int c = 0; c < cols; ++c)
    s += x[(size_t)r * cols + c];
  double m = s / cols, q = 0.0;
  for (int c = 0; c < cols; ++c)
    q += (x[(size_t)r * cols + c] - m) * (x[(size_t)r * cols + c] - m);
  var[r] = (float)(q / cols);
}
