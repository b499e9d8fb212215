#include <cuda_fp16.h>
#include <math.h>
__global__ void softmax_half_ref(const __half* x, __half* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = -INFINITY;
    for (int c = 0; c < cols; ++c) m = fmaxf(m, __half2float(x[(long long)r * cols + c]));
    float s = 0.f;
    for (int c = 0; c < cols; ++c) s += expf(__half2float(x[(long long)r * cols + c]) - m);
    for (int c = 0; c < cols; ++c) y[(long long)r * cols + c] = __float2half(expf(__half2float(x[(long long)r * cols + c]) - m) / s);
}
