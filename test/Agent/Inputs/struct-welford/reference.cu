__global__ void row_stats_ref(const float *x, float *mean, float *var, float *range, int rows,
                              int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  double s = 0.0, lo = 1e300, hi = -1e300;
  for (int c = 0; c < cols; ++c) {
    double v = x[(size_t)r * cols + c];
    s += v;
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
  }
  double m = s / cols, q = 0.0;
  for (int c = 0; c < cols; ++c) {
    double d = x[(size_t)r * cols + c] - m;
    q += d * d;
  }
  mean[r] = (float)m;
  var[r] = (float)(q / cols);
  range[r] = (float)(hi - lo);
}
