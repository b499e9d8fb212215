// Byte offsets of (row, col) elements of a large row-major matrix with leading
// dimension ld: the product row * ld is formed in 32-bit int and only then
// converted to the 64-bit result.
__global__ void element_offsets(const int *rows, const int *cols, long long *offs, int n, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    long long off = rows[i] * ld + cols[i];
    offs[i] = off * 4;
  }
}
