__global__ void rows_dot_ref(const float *a, const float *w, const float *bias, float *out,
                             int batch, int k, int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= m)
    return;
  for (int b = 0; b < batch; ++b) {
    float s = 0.0f;
    for (int t = 0; t < k; ++t)
      s += a[b * k + t] * w[t * m + j];
    out[b * m + j] = tanhf(s + bias[j]);
  }
}
