#include <cstdint>
__global__ void mask_fill(float* x, const uint8_t* mask, float value, int64_t numel) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numel && mask[i]) x[i] = value;
}
