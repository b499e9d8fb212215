// Segmented warp shuffles (width below 32): every group of `width` lanes
// shuffles on its own. Per group of 8 lanes: the sum (down), the max (xor
// over 8), an inclusive prefix sum over groups of 4 (up), and the value of
// each group of 16's lane 3 (idx).
__global__ void segstats(const float *x, float *sum8, float *max8, float *scan4,
                         float *bcast16, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  float s = v;
  for (int o = 4; o > 0; o >>= 1)
    s += __shfl_down_sync(0xffffffffu, s, o, 8);
  float m = i < n ? v : -INFINITY;
  for (int o = 4; o > 0; o >>= 1)
    m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o, 8));
  float p = v;
  for (int o = 1; o < 4; o <<= 1) {
    float q = __shfl_up_sync(0xffffffffu, p, o, 4);
    if ((threadIdx.x & 3) >= o)
      p += q;
  }
  float b = __shfl_sync(0xffffffffu, v, 3, 16);
  if (i < n) {
    if ((threadIdx.x & 7) == 0)
      sum8[i / 8] = s;
    max8[i] = m;
    scan4[i] = p;
    bcast16[i] = b;
  }
}
