#include <cuda_runtime.h>

#define TILE 64

// y[i] = 2 * x[i], staged through a shared tile of TILE elements per block.
// The host launches 32-thread blocks over ceil(n / 32) blocks.
__global__ void staged_scale(const float* x, float* y, int n)
{
    __shared__ float s[TILE];
    int base = blockIdx.x * TILE;
    int i = base + threadIdx.x;
    s[threadIdx.x] = i < n ? x[i] : 0.f;
    __syncthreads();
    if (i < n)
        y[i] = 2.f * s[threadIdx.x];
}
