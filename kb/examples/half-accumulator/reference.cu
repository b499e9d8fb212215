#include <cuda_fp16.h>
__global__ void gemv_fp16_ref(const __half* W, const __half* x, __half* y, int out_f, int in_f) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= out_f) return;
    float acc = 0.0f;
    for (int k = 0; k < in_f; ++k) acc += __half2float(W[o * in_f + k] * x[k]);
    y[o] = __float2half(acc);
}
