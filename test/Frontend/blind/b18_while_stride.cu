__global__ void negate(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = blockDim.x * gridDim.x;
  while (i < n) { x[i] = -x[i]; i += stride; }
}
