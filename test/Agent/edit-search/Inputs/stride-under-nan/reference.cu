__global__ void chan_lse_ref(const float *x, float *out, int N, int C, int H, int W) {
  int HW = H * W;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= N * HW)
    return;
  int n = idx / HW, p = idx % HW;
  double m = -1e300, s = 0;
  for (int c = 0; c < C; ++c) {
    double v = x[((long)n * C + c) * HW + p];
    m = v > m ? v : m;
  }
  for (int c = 0; c < C; ++c)
    s += exp(x[((long)n * C + c) * HW + p] - m);
  out[idx] = (float)(m + log(s));
}
