// One thread per group of 8 elements; the warp values from thread 8k of each warp.
__global__ void warpstats_ref(const float *x, float *out, int *counts, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x; // group of 8
  if (j * 8 < n) {
    int c = 0;
    for (int i = j * 8; i < j * 8 + 8 && i < n; ++i)
      c += x[i] > 0.0f ? 1 : 0;
    counts[j] = c;
  }
  if (j % 4 == 0 && j * 8 < n) {
    int g = j / 4;
    float s = 0.0f, m = -INFINITY;
    for (int i = g * 32; i < g * 32 + 32 && i < n; ++i) {
      s += x[i];
      m = fmaxf(m, x[i]);
    }
    out[g * 3 + 0] = s;
    out[g * 3 + 1] = m;
    out[g * 3 + 2] = s;
  }
}
