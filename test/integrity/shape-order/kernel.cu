// The main diagonal of a row-major R x C matrix: min(R, C) elements.
__global__ void diag_extract(const float *x, float *d, int R, int C) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n = R < C ? R : C;
  if (i < n)
    d[i] = x[(long)i * C + i];
}
