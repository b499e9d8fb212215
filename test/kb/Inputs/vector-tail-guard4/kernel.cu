// tanh-GELU four elements a thread: the thread whose four do not all fit (idx + 3 >= n)
// does nothing.
#include <cuda_runtime.h>
__global__ void gelu_vec4(const float* __restrict__ x, float* __restrict__ y, int n) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (idx + 3 < n) {
    float4 v = reinterpret_cast<const float4*>(x)[idx / 4];
    float4 r;
    r.x = v.x * 0.5f * (1.0f + tanhf(0.79788456f * (v.x + 0.044715f * v.x * v.x * v.x)));
    r.y = v.y * 0.5f * (1.0f + tanhf(0.79788456f * (v.y + 0.044715f * v.y * v.y * v.y)));
    r.z = v.z * 0.5f * (1.0f + tanhf(0.79788456f * (v.z + 0.044715f * v.z * v.z * v.z)));
    r.w = v.w * 0.5f * (1.0f + tanhf(0.79788456f * (v.w + 0.044715f * v.w * v.w * v.w)));
    reinterpret_cast<float4*>(y)[idx / 4] = r;
  }
}
