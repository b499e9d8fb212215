// Negative log-likelihood per row (log-sum-exp less the picked logit). The
// row is read through `r`; the picked logit from the base pointer with the
// row's own column.
__global__ void row_nll(const float *x, const int *pick, float *out, int rows, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  const float *r = x + row * cols;
  float m = -INFINITY;
  for (int j = 0; j < cols; ++j)
    m = fmaxf(m, r[j]);
  float s = 0.0f;
  for (int j = 0; j < cols; ++j)
    s += expf(r[j] - m);
  out[row] = m + logf(s) - x[pick[row]];
}
