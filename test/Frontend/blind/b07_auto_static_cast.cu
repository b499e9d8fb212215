__global__ void to_int(const float* x, int* y, int n) {
  auto i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    auto v = x[i] * 10.0f;
    y[i] = static_cast<int>(v);
  }
}
