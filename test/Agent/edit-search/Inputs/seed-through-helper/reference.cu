__global__ void row_max_ref(const float *in, float *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float m = in[r * cols];
  for (int c = 1; c < cols; ++c)
    m = fmaxf(m, in[r * cols + c]);
  out[r] = m;
}
