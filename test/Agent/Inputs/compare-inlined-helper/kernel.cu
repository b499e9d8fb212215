// A bounds test in a one-line helper inlined four times (two taps, two
// coordinates each): `v <= size` admits the element one past the edge.
__device__ __forceinline__ bool in_range(int v, int size) { return v >= 0 && v <= size; }
__device__ __forceinline__ float tap(const float *p, int y, int x, int H, int W) {
  return (in_range(y, H) && in_range(x, W)) ? p[y * W + x] : 0.0f;
}
__global__ void shift2(const float *in, float *out, int H, int W) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= H * W) return;
  int y = idx / W, x = idx % W;
  out[idx] = tap(in, y + 1, x, H, W) + tap(in, y, x + 1, H, W);
}
