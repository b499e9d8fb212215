#include <cmath>
// Reference: one thread per element, in double.
__global__ void mish_ref(const float* in, float* out, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = (double)in[i];
    double sp = v > 20.0 ? v : log1p(exp(v));
    out[i] = (float)(v * tanh(sp));
}
