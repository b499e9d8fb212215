// Reference: one thread per row, first occurrence of the maximum.
__global__ void argmax_rows_ref(const float* x, int* idx, float* val, int rows, int vocab) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const float* p = x + (long)r * vocab;
  int best = 0;
  for (int j = 1; j < vocab; ++j)
    if (p[j] > p[best]) best = j;
  idx[r] = best;
  val[r] = p[best];
}
