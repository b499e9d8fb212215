// Sliding-window maxima of the rows of x (window 5, stride 3, no padding),
// one thread per output. The window's end is clamped to the last index
// (`L - 1`) although the loop stops before it.
#define WIN 5
#define STRIDE 3
__global__ void window_max(const float *x, float *y, int rows, int L, int O) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows * O)
    return;
  int r = t / O, o = t % O;
  int start = o * STRIDE;
  int stop = min(start + WIN, L - 1);
  float m = -INFINITY;
  for (int j = start; j < stop; ++j)
    m = fmaxf(m, x[r * L + j]);
  y[t] = m;
}
