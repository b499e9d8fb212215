// Scaled leaky ReLU over a flat buffer, read and written as float4: n / 4
// vectors in a grid-stride loop, then the last n % 4 elements one by one.
#include <cuda_runtime.h>

__device__ __forceinline__ float leaky(float v, float slope) { return v > 0.0f ? v : v * slope; }

__global__ void scaled_leaky_relu_vec4(const float* __restrict__ in, float* __restrict__ out,
                                       float scale, float slope, int n) {
  const int nvec = n / 4;
  const int step = blockDim.x * gridDim.x;
  const float4* in4 = reinterpret_cast<const float4*>(in);
  float4* out4 = reinterpret_cast<float4*>(out);
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < nvec; k += step) {
    float4 a = in4[k];
    a.x = leaky(a.x * scale, slope);
    a.y = leaky(a.y * scale, slope);
    a.z = leaky(a.z * scale, slope);
    a.w = leaky(a.w * scale, slope);
    out4[k] = a;
  }
  for (int e = nvec * 4 + blockIdx.x * blockDim.x + threadIdx.x; e < n; e += step)
    out[e] = leaky(in[e] * scale, slope);
}
