// *result += dot(a, b) over n floats; blockDim.x * sizeof(float) bytes of dynamic shared memory,
// blockDim.x a power of two. *result must be zeroed first.
#include <cuda_runtime.h>

__global__ void dot_product(const float* a, const float* b, float* result, int n) {
    extern __shared__ float cache[];
    int tid = threadIdx.x;
    float temp = 0;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
        temp += a[i] * b[i];
    cache[tid] = temp;
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (tid < i) cache[tid] += cache[tid + i];
        __syncthreads();
        i /= 2;
    }
    if (tid == 0) atomicAdd(result, cache[0]);
}
