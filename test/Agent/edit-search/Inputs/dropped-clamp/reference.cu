__global__ void hswish_relu_ref(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    float h = v * fminf(fmaxf(v + 3.0f, 0.0f), 6.0f) / 6.0f;
    y[i] = h > 0.0f ? h : 0.0f;
  }
}
