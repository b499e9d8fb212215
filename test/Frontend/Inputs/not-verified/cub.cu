// cub::BlockReduce is not lifted yet: its TempStorage (line 6) is the construct named.
#include <cub/cub.cuh>
__global__ void conv(const float *x, float *y, int n) {
  typedef cub::BlockReduce<float, 64> BR;
  int i = blockIdx.x * 64 + threadIdx.x;
  __shared__ typename BR::TempStorage tmp;
  float s = BR(tmp).Sum(i < n ? x[i] : 0.0f);
  if (i < n) y[i] = s;
}
