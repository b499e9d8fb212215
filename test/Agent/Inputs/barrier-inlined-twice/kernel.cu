// Mean and mean of squares of each row, with one block-reduce helper called
// twice. The helper's thread 0 writes the total and every thread reads it
// with no barrier between.
__device__ float block_total(float v, float *red) {
  red[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (int k = 0; k < 64; ++k)
      s += red[k];
    red[64] = s;
  }
  return red[64];
}

__global__ void row_moments(const float *x, float *mean, float *meansq, int n) {
  __shared__ float red[65];
  int row = blockIdx.x;
  float a = 0.0f, b = 0.0f;
  for (int i = threadIdx.x; i < n; i += 64) {
    float v = x[row * n + i];
    a += v;
    b += v * v;
  }
  float sa = block_total(a, red);
  __syncthreads();
  float sb = block_total(b, red);
  if (threadIdx.x == 1) {
    mean[row] = sa / n;
    meansq[row] = sb / n;
  }
}
