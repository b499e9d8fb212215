__global__ void ema_ref(const float *prev, const float *x, float *out, float decay, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = decay * prev[i] + (1.0f - decay) * x[i];
}
