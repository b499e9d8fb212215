__global__ void element_offsets_ref(const int *rows, const int *cols, long long *offs, int n, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    offs[i] = ((long long)rows[i] * (long long)ld + (long long)cols[i]) * 4;
}
