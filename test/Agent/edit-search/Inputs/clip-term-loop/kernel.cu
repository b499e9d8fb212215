// Trace of the k-th superdiagonal of each R x C matrix (k >= 0), one thread
// per matrix. The diagonal's length subtracts k after the min instead of
// from the column count.
__global__ void diag_sums(const float *a, float *out, int mats, int R, int C, int k) {
  int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= mats)
    return;
  int len = min(R, C) - k;
  float s = 0.0f;
  for (int i = 0; i < len; ++i)
    s += a[(size_t)m * R * C + (size_t)i * C + i + k];
  out[m] = s;
}
