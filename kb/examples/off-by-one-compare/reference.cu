__global__ void delay_line_ref(const float *x, float *y, int n, int shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int src = i - shift;
  y[i] = src >= 0 ? x[src] : 0.0f;
}
