__global__ void band_attention_ref(const float *score, const float *val, float *out, int rows,
                                   int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows * n)
    return;
  int row = t / n, i = t % n;
  int lo = i - 3 < 0 ? 0 : i - 3, hi = i + 4 > n ? n : i + 4;
  double m = -1e300;
  for (int j = lo; j < hi; ++j)
    m = fmax(m, (double)score[(size_t)row * n + j]);
  double a = 0.0, z = 0.0;
  for (int j = lo; j < hi; ++j) {
    double p = exp((double)score[(size_t)row * n + j] - m);
    z += p;
    a += p * val[(size_t)row * n + j];
  }
  out[t] = (float)(a / z);
}
