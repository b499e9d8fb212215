__device__ __forceinline__ float sq(float v) { return v * v; }
__device__ inline float cube(float v) { return v * sq(v); }
__global__ void poly(const float* __restrict__ x, float* __restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 1.0f + x[i] + sq(x[i]) / 2.0f + cube(x[i]) / 6.0f;
}
