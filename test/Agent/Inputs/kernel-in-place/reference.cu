__global__ void row_sums_ref(const float *x, float *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  double s = 0.0;
  for (int j = 0; j < cols; ++j)
    s += (double)x[(size_t)r * cols + j];
  out[r] = (float)s;
}
