constexpr int kItems = 4;
__global__ void copy_items(const float* in, float* out, int n) {
  const int base = (blockIdx.x * blockDim.x + threadIdx.x) * kItems;
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    const int i = base + k;
    if (i < n) out[i] = in[i];
  }
}
