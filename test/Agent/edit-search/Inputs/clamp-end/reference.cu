__global__ void window_max_ref(const float *x, float *y, int rows, int L, int O) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows * O)
    return;
  int r = t / O, o = t % O;
  float m = -INFINITY;
  for (int j = o * 3; j < o * 3 + 5; ++j)
    m = fmaxf(m, x[r * L + j]);
  y[t] = m;
}
