// __constant__ memory: an initialized array, a scalar and a 2-D array the host
// sets with cudaMemcpyToSymbol (the task gives their values as inputs).
__constant__ float w[3] = {1.0f, 2.0f, 3.0f};
__constant__ float scale;
__constant__ int taps[2][2];
__device__ float getw(int i) { return w[i]; }
__global__ void conv(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = scale * (getw(0) * x[i] + w[2] * x[(i + 1) % n]) + taps[1][i % 2];
}
void setup(const float *hs, const int *ht) {
  cudaMemcpyToSymbol(scale, hs, sizeof(float));
  cudaMemcpyToSymbol(taps, ht, 4 * sizeof(int));
}
