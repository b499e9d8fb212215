#include <cuda_bf16.h>
#include <math.h>
// one thread per element (row = blockIdx.y); the bias add is rounded to bf16 first, as torch does for x + bias
__global__ void gelu_ref(const __nv_bfloat16* x, const __nv_bfloat16* bias, __nv_bfloat16* y, int C) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= C) return;
    long long i = (long long)blockIdx.y * C + c;
    float s = __bfloat162float(__float2bfloat16(__bfloat162float(x[i]) + __bfloat162float(bias[c])));
    double v = (double)s;
    y[i] = __float2bfloat16((float)(0.5 * v * (1.0 + erf(v / sqrt(2.0)))));
}
