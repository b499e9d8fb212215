// dx[i] = dy[i] * (x[i] > 0 ? 1 : slope), grid-stride with size_t indices.
#include <cuda_runtime.h>

__global__ void leaky_relu_backward(const float* __restrict__ x, const float* __restrict__ dy,
                                    float* __restrict__ dx, float slope, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)blockDim.x * gridDim.x) {
        const float g = x[i] > 0.f ? 1.f : slope;
        dx[i] = dy[i] * g;
    }
}
