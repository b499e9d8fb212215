// Block-wise sum: each block of 256 threads reduces 256 inputs to one partial.
#include <cuda_runtime.h>

constexpr int kWarp = 32;

__global__ void block_sum(const float* __restrict__ in, float* __restrict__ out, int n) {
    __shared__ float cache[128];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    cache[t] = g < n ? in[g] : 0.f;
    __syncthreads();
    for (int stride = blockDim.x >> 1; stride > 0; stride >>= 1) {
        if (t < stride) cache[t] += cache[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = cache[0];
}
