__global__ void head_rows_ref(const float *x, float *y, int M, int N, int D, int planes) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= planes * M * D)
    return;
  int p = t / (M * D), r = t % (M * D);
  y[t] = x[(size_t)p * N * D + r];
}
