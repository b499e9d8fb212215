// Per output column j: for every batch row b, the dot product of row b of a
// with column j of w, plus the bias, through tanh. The accumulator is declared
// once, before the batch loop: each row's sum starts from the previous one's.
__global__ void rows_dot(const float *a, const float *w, const float *bias, float *out,
                         int batch, int k, int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= m)
    return;
  float acc = 0.0f;
  for (int b = 0; b < batch; ++b) {
    for (int t = 0; t < k; ++t)
      acc += a[b * k + t] * w[t * m + j];
    out[b * m + j] = tanhf(acc + bias[j]);
  }
}
