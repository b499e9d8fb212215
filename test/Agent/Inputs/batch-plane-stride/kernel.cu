// The first M of N rows of each (batch, head) plane: y[b][h][:M] = x[b][h][:M].
// blockIdx.z walks the B * H planes; the input plane's base uses the output's
// row count.
__global__ void head_rows(const float *x, float *y, int M, int N, int D) {
  const size_t bh = blockIdx.z;
  const float *xp = x + bh * (size_t)M * D;
  float *yp = y + bh * (size_t)M * D;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < M * D)
    yp[i] = xp[i];
}
