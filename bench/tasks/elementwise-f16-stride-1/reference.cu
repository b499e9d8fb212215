#include <cuda_fp16.h>
__global__ void bias_relu_half_ref(const __half* x, const __half* b, __half* y, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    float v = __half2float(__hadd(x[i], b[i % cols]));
    y[i] = __float2half(v > 0.0f ? v : 0.0f);
}
