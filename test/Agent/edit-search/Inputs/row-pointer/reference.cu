__global__ void row_nll_ref(const float *x, const int *pick, float *out, int rows, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  const float *r = x + (long)row * cols;
  double m = -1e300, s = 0;
  for (int j = 0; j < cols; ++j)
    m = r[j] > m ? r[j] : m;
  for (int j = 0; j < cols; ++j)
    s += exp((double)r[j] - m);
  out[row] = (float)(m + log(s) - r[pick[row]]);
}
