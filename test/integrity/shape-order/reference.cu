__global__ void diag_ref(const float *x, float *d, int R, int C) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < R && i < C)
    d[i] = x[(long)i * C + i];
}
