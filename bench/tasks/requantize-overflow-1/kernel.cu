#include <cuda_runtime.h>

// Requantise integer samples from [0, vmax) to [0, levels): q = v * levels / vmax (grid-stride).
__global__ void requantize(const int* __restrict__ v, int* __restrict__ q, int n, int levels, int vmax) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        q[i] = v[i] * levels / vmax;
    }
}
