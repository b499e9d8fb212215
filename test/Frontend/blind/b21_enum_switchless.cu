enum Act { kRelu = 0, kGelu = 1, kSilu = 2 };
__global__ void activation(const float* x, float* y, int n, int act) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  if (act == kRelu) y[i] = v > 0 ? v : 0;
  else if (act == kGelu) y[i] = 0.5f * v * (1.f + erff(v * 0.70710678f));
  else y[i] = v / (1.f + __expf(-v));
}
