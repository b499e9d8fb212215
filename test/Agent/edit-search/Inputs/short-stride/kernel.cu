// Centers each position of an NCHW tensor over its channels, one thread per
// (n, position). The offset helper strides a channel by W where a channel
// holds H * W positions (rows overlap, most of y is never written), and the
// difference is taken the wrong way round (every element wrong either way).
__device__ long chan_offset(int n, int c, int p, int C, int H, int W) {
  return ((long)n * C + c) * W + p;
}

__global__ void chan_center(const float *x, float *y, int N, int C, int H, int W) {
  int HW = H * W;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= N * HW)
    return;
  int n = idx / HW;
  int p = idx % HW;
  float total = 0.0f;
  for (int c = 0; c < C; ++c)
    total += x[chan_offset(n, c, p, C, H, W)];
  float mean = total / C;
  for (int c = 0; c < C; ++c) {
    long o = chan_offset(n, c, p, C, H, W);
    y[o] = mean - x[o];
  }
}
