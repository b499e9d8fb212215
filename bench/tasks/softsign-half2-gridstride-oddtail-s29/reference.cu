#include <cuda_fp16.h>
// Reference: one thread per element, softsign in double, rounded to half.
__global__ void softsign_ref(const __half* x, __half* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = (double)__half2float(x[i]);
    double r = v / (1.0 + (v < 0.0 ? -v : v));
    y[i] = __float2half_rn((float)r);
}
