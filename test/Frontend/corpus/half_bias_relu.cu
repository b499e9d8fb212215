// y[i] = relu(x[i] + bias[i % cols]) in half precision (math in half with __hadd / __hmax-free compare).
#include <cuda_fp16.h>

__global__ void half_bias_relu(const __half* __restrict__ x, const __half* __restrict__ bias,
                               __half* __restrict__ y, int n, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __half v = __hadd(x[i], bias[i % cols]);
        __half zero = __float2half(0.0f);
        y[i] = __hgt(v, zero) ? v : zero;
    }
}
