#include <cuda_fp16.h>
#include <math.h>
// Reference: one thread per weight element (block = output channel); each thread recomputes
// its channel's mean and population variance in double.
__global__ void weight_standardize_ref(const __half* w, __half* w_hat, int fan_in, float eps) {
    int o = blockIdx.x, i = threadIdx.x;
    if (i >= fan_in) return;
    const __half* wr = w + (long long)o * fan_in;
    double s = 0.0;
    for (int k = 0; k < fan_in; ++k) s += (double)__half2float(wr[k]);
    double mean = s / fan_in;
    double q = 0.0;
    for (int k = 0; k < fan_in; ++k) { double d = (double)__half2float(wr[k]) - mean; q += d * d; }
    double var = q / fan_in;
    double v = ((double)__half2float(wr[i]) - mean) / sqrt(var + (double)eps);
    w_hat[(long long)o * fan_in + i] = __float2half((float)v);
}
