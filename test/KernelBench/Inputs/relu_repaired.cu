#include <cuda_runtime.h>

__global__ void relu_kernel(const float* __restrict__ x, float* __restrict__ out, int size) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < size) {  // kfix: bounds guard repaired
        out[idx] = x[idx] > 0.0f ? x[idx] : 0.0f;
    }
}
