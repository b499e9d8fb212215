#include <cuda_fp16.h>
#include <math.h>
// Reference: one thread per output element, GELU(tanh) in double, rounded once to half.
__global__ void geglu_ref(const __half* x, __half* y, int rows, int D) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= (long long)rows * D) return;
    long long r = t / D, c = t % D;
    double h = (double)__half2float(x[r * 2 * D + c]);
    double g = (double)__half2float(x[r * 2 * D + D + c]);
    double u = 0.7978845608028654 * (g + 0.044715 * g * g * g);
    double gelu = 0.5 * g * (1.0 + tanh(u));
    y[t] = __float2half((float)(h * gelu));
}
