// An exponential moving average: out = decay * prev + (1 - decay) * x,
// written with the two weights the other way round.
__global__ void ema_update(const float *prev, const float *x, float *out, float decay, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = (1.0f - decay) * prev[i] + decay * x[i];
}
