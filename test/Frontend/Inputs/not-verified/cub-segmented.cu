// cub::WarpReduce is lifted for Sum and Reduce only: a segmented reduction
// (line 8) is the construct named.
#include <cub/cub.cuh>
__global__ void conv(const float *x, float *y, int n) {
  typedef cub::WarpReduce<float> WR;
  __shared__ typename WR::TempStorage tmp[2];
  int i = blockIdx.x * 64 + threadIdx.x;
  float s = WR(tmp[threadIdx.x / 32]).HeadSegmentedSum(i < n ? x[i] : 0.0f, threadIdx.x % 4 == 0);
  if (i < n) y[i] = s;
}
