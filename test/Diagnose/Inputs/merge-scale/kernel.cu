// Row softmax, one warp per row: each lane keeps an online (max, sum) over its
// columns, the warp merges them with xor shuffles. The merge rescales the other
// lane's sum to the new max but not this lane's.
#include <math.h>

__device__ void merge(float& mx, float& sum, float mx_other, float sum_other) {
  float top = fmaxf(mx, mx_other);
  sum = sum + sum_other * expf(mx_other - top);
  mx = top;
}

__global__ void softmax_rows_warp(const float* x, float* y, int rows, int cols) {
  int row = blockIdx.x;
  int lane = threadIdx.x;
  if (row >= rows) return;
  const float* xr = x + row * cols;
  float mx = -INFINITY, sum = 0.0f;
  for (int c = lane; c < cols; c += 32) {
    float v = xr[c];
    float top = fmaxf(mx, v);
    sum = sum * expf(mx - top) + expf(v - top);
    mx = top;
  }
  for (int off = 16; off > 0; off /= 2) {
    float mo = __shfl_xor_sync(0xffffffff, mx, off);
    float so = __shfl_xor_sync(0xffffffff, sum, off);
    merge(mx, sum, mo, so);
  }
  for (int c = lane; c < cols; c += 32)
    y[row * cols + c] = expf(xr[c] - mx) / sum;
}
