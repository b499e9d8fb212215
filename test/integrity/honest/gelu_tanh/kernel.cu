// y = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), elementwise.
#include <cuda_runtime.h>

__device__ __forceinline__ float gelu_tanh(float x) {
    const float kAlpha = 0.7978845608028654f;
    const float kBeta = 0.044715f;
    float inner = kAlpha * (x + kBeta * x * x * x);
    return 0.5f * x * (1.0f + tanhf(inner));
}

__global__ void gelu_forward(const float* __restrict__ x, float* __restrict__ y, size_t n) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = gelu_tanh(x[i]);
}
