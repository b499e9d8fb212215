__global__ void mul3(const float* const __restrict__ a, const float* const __restrict__ b, float* const __restrict__ c, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] * b[i];
}
