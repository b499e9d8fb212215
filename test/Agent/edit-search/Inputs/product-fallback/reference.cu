__global__ void row_prefix_prod_ref(const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x, t = threadIdx.x;
  if (t >= cols)
    return;
  double p = 1.0;
  for (int j = 0; j <= t; ++j)
    p *= (double)x[r * cols + j];
  y[r * cols + t] = (float)p;
}
