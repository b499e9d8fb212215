__global__ void box_sum_ref(const float *img, float *out, int R, int C, int rad) {
  int ch = blockIdx.z;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y;
  if (c >= C || r >= R)
    return;
  double s = 0;
  for (int i = r - rad; i <= r + rad; ++i)
    for (int j = c - rad; j <= c + rad; ++j)
      if (i >= 0 && i < R && j >= 0 && j < C)
        s += img[(ch * R + i) * C + j];
  out[(ch * R + r) * C + c] = (float)s;
}
