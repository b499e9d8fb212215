// out = diag(d) * b for d of length n and b of n x m (row-major): every
// element of row r is scaled by d[r]. The kernel keeps only the diagonal, as if
// it were computing diag(d) itself.
__global__ void diag_scale(const float* d, const float* b, float* out, int n, int m) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n && c < m) {
    float v = 0.0f;
    if (r == c)
      v = d[r] * b[r * m + c];
    out[r * m + c] = v;
  }
}
