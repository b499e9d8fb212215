// In-place AXPY with a grid-stride loop (y += alpha * x), fixed grid of 8 blocks.
#include <cuda_runtime.h>

__global__ void axpy_inplace(int n, float alpha, const float* __restrict__ x, float* __restrict__ y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x) {
        y[i] += alpha * x[i];
    }
}

void launch_axpy(int n, float alpha, const float* x, float* y, cudaStream_t stream) {
    axpy_inplace<<<8, 128, 0, stream>>>(n, alpha, x, y);
}
