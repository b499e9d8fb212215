__global__ void diag_ref(const float *a, float *out, int mats, int R, int C, int k) {
  int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= mats)
    return;
  double s = 0.0;
  for (int i = 0; i < R; ++i)
    if (i + k < C)
      s += (double)a[(size_t)m * R * C + (size_t)i * C + i + k];
  out[m] = (float)s;
}
