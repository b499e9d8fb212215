// dst = src (n floats, n a multiple of 4), float4 loads/stores in a grid-stride loop.
#include <cuda_runtime.h>

__global__ void copy_vec4(const float* __restrict__ src, float* __restrict__ dst, int n) {
    const float4* s4 = reinterpret_cast<const float4*>(src);
    float4* d4 = reinterpret_cast<float4*>(dst);
    int n4 = n >> 2;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
        d4[i] = s4[i];
    }
}
