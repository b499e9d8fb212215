// fp16 GEMV: y = W x, one thread per output row, __half in and out.
#include <cuda_fp16.h>

__global__ void gemv_fp16(const __half* __restrict__ W, const __half* __restrict__ x,
                          __half* __restrict__ y, int out_features, int in_features) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= out_features) return;
    __half acc = __float2half(0.0f);
    for (int k = 0; k < in_features; ++k) {
        acc = acc + W[o * in_features + k] * x[k];
    }
    y[o] = acc;
}
