__global__ void conv1d_dil_ref(const float *x, const float *w, float *y, int L, int K, int dil) {
  int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= L - (K - 1) * dil)
    return;
  double acc = 0;
  for (int k = 0; k < K; ++k)
    acc += (double)w[k] * x[o + k * dil];
  y[o] = (float)acc;
}
