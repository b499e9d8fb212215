__global__ void relu6(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = ::min(::max(x[i], 0.0f), 6.0f);
}
