#include <math.h>
// one thread per element, double math: mish(v) = v * tanh(log(1 + exp(v)))
__global__ void mish_ref(const float* x, const float* bias, const float* residual, float* out, long long total, int cols) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= total) return;
    double v = (double)x[i] + (double)bias[i % cols];
    double sp = log1p(exp(v));
    if (v > 30.0) sp = v;
    out[i] = (float)((double)residual[i] + v * tanh(sp));
}
