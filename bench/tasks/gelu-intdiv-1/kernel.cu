#include <cuda_runtime.h>

#define GELU_HALF (1 / 2)
#define SQRT_2_OVER_PI 0.7978845608f

// tanh-approximated GELU: 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))
__global__ void gelu_tanh_fwd(const float* __restrict__ x, float* __restrict__ y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        float inner = SQRT_2_OVER_PI * (v + 0.044715f * v * v * v);
        y[i] = GELU_HALF * v * (1.0f + tanhf(inner));
    }
}
