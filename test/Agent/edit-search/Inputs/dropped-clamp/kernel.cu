// hardswish(x) followed by ReLU; the ReLU was dropped as "redundant", but
// hardswish is negative on (-3, 0).
__global__ void hswish_relu(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    float r6 = fminf(fmaxf(v + 3.0f, 0.0f), 6.0f);
    y[i] = v * r6 / 6.0f;
  }
}
