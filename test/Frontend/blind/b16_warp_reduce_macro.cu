#define FULL_MASK 0xffffffff
#define WARP 32
__inline__ __device__ float warp_max(float v) {
  for (int o = WARP / 2; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, o));
  return v;
}
__global__ void row_max(const float* x, float* y, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / WARP) + threadIdx.x / WARP;
  int lane = threadIdx.x % WARP;
  if (row >= rows) return;
  float m = -INFINITY;
  for (int c = lane; c < cols; c += WARP) m = fmaxf(m, x[row * cols + c]);
  m = warp_max(m);
  if (lane == 0) y[row] = m;
}
