// out[r, c] = max(in[r, c] + bias[c], 0) for a rows x cols row-major matrix.
#include <cuda_runtime.h>

__global__ void bias_relu_kernel(const float* input, const float* bias, float* output,
                                 int rows, int cols) {
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    const int total = rows * cols;
    if (idx >= total) return;
    const int c = idx % cols;
    float v = input[idx] + bias[c];
    output[idx] = v > 0.0f ? v : 0.0f;
}
