#include <cuda_runtime.h>

__device__ __forceinline__ float warpReduceSum(float val) {
    for (int offset = 8; offset > 0; offset /= 2)
        val += __shfl_down_sync(0xffffffff, val, offset);
    return val;
}

// grid-stride partial sums, warp reduce, one atomic per warp
__global__ void sum_gridstride(const float* __restrict__ in, float* __restrict__ out, int n) {
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        acc += in[i];
    acc = warpReduceSum(acc);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, acc);
}
