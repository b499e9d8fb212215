// Population variance of each row, one warp per row, two passes. Two bugs
// that each touch every row: the warp "allreduce" uses __shfl_down_sync, so
// only lane 0 holds the row's sum and the other lanes centre their elements
// on a partial mean; and the squares are divided by cols - 1.
__device__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__global__ void row_var(const float *x, float *var, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (row >= rows)
    return;
  const float *xr = x + (size_t)row * cols;
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32)
    s += xr[c];
  float mean = warp_sum(s) / cols;
  float q = 0.0f;
  for (int c = lane; c < cols; c += 32)
    q += (xr[c] - mean) * (xr[c] - mean);
  q = warp_sum(q);
  if (lane == 0)
    var[row] = q / (cols - 1);
}
