// Per-warp statistics with cub::WarpReduce, 128 threads (4 warps) per block,
// each warp over 32 consecutive elements: the sum (.Sum), the max (.Reduce
// with cuda::maximum), the sum over the valid elements of the last, partial
// warp (.Sum with valid_items: the lanes past the end pass garbage), and per
// logical warp of 8 lanes the number of positive elements (WarpReduce<int, 8>).
// Lane 0 of each (logical) warp writes: the only lane cub gives the result to.
#include <cub/cub.cuh>

__global__ void warpstats(const float *x, float *out, int *counts, int n) {
  typedef cub::WarpReduce<float> WR;
  typedef cub::WarpReduce<int, 8> WR8;
  __shared__ typename WR::TempStorage temp[4];
  __shared__ typename WR8::TempStorage temp8[16];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int i = blockIdx.x * 128 + threadIdx.x;
  int g = blockIdx.x * 4 + warp;
  float v = i < n ? x[i] : 0.0f;
  float s = WR(temp[warp]).Sum(v);
  float m = WR(temp[warp]).Reduce(i < n ? v : -INFINITY, cuda::maximum<>());
  int valid = n - g * 32;
  float sv = WR(temp[warp]).Sum(i < n ? v : 1e30f, valid);
  int pos = WR8(temp8[threadIdx.x / 8]).Sum(v > 0.0f ? 1 : 0);
  if (g * 32 < n) {
    out[g * 3 + 0] = s;
    out[g * 3 + 1] = m;
    out[g * 3 + 2] = sv;
  }
  if (threadIdx.x % 8 == 0 && i < n)
    counts[i / 8] = pos;
}
