// A 2-D box sum over each channel of a [CH, R, C] stack (zero padding), one
// thread per output.
// The helper clips a window to [0, n); the row window is clipped with the
// column count.
__device__ void clip_range(int center, int radius, int n, int &lo, int &hi) {
  lo = max(center - radius, 0);
  hi = min(center + radius + 1, n);
}

__global__ void box_sum(const float *img, float *out, int R, int C, int rad) {
  int ch = blockIdx.z;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y;
  if (c >= C || r >= R)
    return;
  int r0, r1, c0, c1;
  clip_range(r, rad, C, r0, r1);
  clip_range(c, rad, C, c0, c1);
  float s = 0.0f;
  for (int i = r0; i < r1; ++i)
    for (int j = c0; j < c1; ++j)
      s += img[(ch * R + i) * C + j];
  out[(ch * R + r) * C + c] = s;
}
