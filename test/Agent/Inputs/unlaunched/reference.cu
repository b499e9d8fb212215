#include <math.h>
__global__ void bias_gelu_ref(const float* x, const float* bias, float* out, int rows, int cols) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= rows * cols) return;
    float v = x[idx] + bias[idx % cols];
    out[idx] = 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
}
