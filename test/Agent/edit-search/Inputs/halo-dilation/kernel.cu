// A dilated 1-D convolution over rows of length L, one block per row tile:
// the tile with its halo is staged in shared memory first, but the halo is
// K - 1 elements where the taps span (K - 1) * dil.
#define TILE 32
__global__ void conv1d_dil(const float *x, const float *w, float *y, int L, int K, int dil) {
  __shared__ float s[TILE + 64];
  int t0 = blockIdx.x * TILE;
  for (int p = threadIdx.x; p < TILE + (K - 1); p += blockDim.x) {
    int g = t0 + p;
    s[p] = g < L ? x[g] : 0.0f;
  }
  __syncthreads();
  int o = t0 + threadIdx.x;
  if (o >= L - (K - 1) * dil)
    return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += w[k] * s[threadIdx.x + k * dil];
  y[o] = acc;
}
