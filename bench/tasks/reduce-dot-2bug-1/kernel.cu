#include <cuda_runtime.h>

#define MAX_BLOCK 512

// *result += dot(a, b); any blockDim.x <= MAX_BLOCK (the launcher uses 384 = 12 warps)
__global__ void dot_kernel(const float* a, const float* b, float* result, int n) {
    __shared__ float cache[MAX_BLOCK];
    int tid = threadIdx.x;
    float tmp = 0.0f;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) tmp += a[i] * b[i];
    cache[tid] += tmp;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (tid < s) cache[tid] += cache[tid + s];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(result, cache[0]);
}
