__global__ void element_offsets(const int *rows, const int *cols, long long *offs, int n, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    long long off = (long long)rows[i] * ld + cols[i];
    offs[i] = off * 4;
  }
}
