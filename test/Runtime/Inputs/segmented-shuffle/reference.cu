// The same statistics, one thread per element, without shuffles.
__global__ void segstats_ref(const float *x, float *sum8, float *max8, float *scan4,
                             float *bcast16, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int g8 = i / 8 * 8, g4 = i / 4 * 4, g16 = i / 16 * 16;
  if (i % 8 == 0) {
    float s = 0.0f;
    for (int j = g8; j < g8 + 8; ++j)
      s += j < n ? x[j] : 0.0f;
    sum8[i / 8] = s;
  }
  float m = -INFINITY;
  for (int j = g8; j < g8 + 8 && j < n; ++j)
    m = fmaxf(m, x[j]);
  max8[i] = m;
  float p = 0.0f;
  for (int j = g4; j <= i; ++j)
    p += x[j];
  scan4[i] = p;
  bcast16[i] = g16 + 3 < n ? x[g16 + 3] : 0.0f;
}
