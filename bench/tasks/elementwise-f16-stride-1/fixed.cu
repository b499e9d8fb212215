#include <cuda_fp16.h>

// y = relu(x + bias[col]) on a rows x cols half matrix
__global__ void bias_relu_half(const __half* __restrict__ x, const __half* __restrict__ bias,
                               __half* __restrict__ y, int rows, int cols)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    __half v = __hadd(x[i], bias[i % cols]);
    y[i] = __hgt(v, __float2half(0.0f)) ? v : __float2half(0.0f);
}
