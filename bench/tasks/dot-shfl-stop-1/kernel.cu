#include <cuda_runtime.h>

// Dot product: grid-stride partial sums, warp tree with __shfl_down_sync, one atomic per warp.
__global__ void dot_kernel(const float* __restrict__ a, const float* __restrict__ b,
                           float* __restrict__ result, int n) {
    float part = 0.0f;
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        part += a[i] * b[i];
    unsigned lane = threadIdx.x & 31u;
    for (int off = 16; off > 1; off >>= 1)
        part += __shfl_down_sync(0xffffffffu, part, off);
    if (lane == 0) atomicAdd(result, part);
}
