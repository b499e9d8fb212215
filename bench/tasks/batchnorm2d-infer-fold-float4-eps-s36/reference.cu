#include <cmath>
// Reference: one thread per element of the flat NCHW tensor, everything in double.
__global__ void batchnorm2d_eval_ref(const float* x, const float* weight, const float* bias,
                                     const float* running_mean, const float* running_var,
                                     float* y, long long n, int hw, int C, float eps) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int c = (int)((i / hw) % C);
    double inv = 1.0 / sqrt((double)running_var[c] + (double)eps);
    double v = ((double)x[i] - (double)running_mean[c]) * inv * (double)weight[c] + (double)bias[c];
    y[i] = (float)v;
}
