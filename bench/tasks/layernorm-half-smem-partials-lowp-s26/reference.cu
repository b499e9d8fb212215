#include <cuda_fp16.h>
#include <math.h>
// Reference: one thread per output element (blockIdx.y = row); each thread recomputes
// its row's mean and biased variance in double.
__global__ void layernorm_ref(const __half* x, const __half* g, const __half* b, __half* y,
                              int N, float eps) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= N) return;
    const __half* xr = x + (long long)blockIdx.y * N;
    double s = 0.0;
    for (int k = 0; k < N; ++k) s += (double)__half2float(xr[k]);
    double mu = s / N;
    double ss = 0.0;
    for (int k = 0; k < N; ++k) {
        double d = (double)__half2float(xr[k]) - mu;
        ss += d * d;
    }
    double v = ((double)__half2float(xr[j]) - mu) / sqrt(ss / N + (double)eps);
    v = v * (double)__half2float(g[j]) + (double)__half2float(b[j]);
    y[(long long)blockIdx.y * N + j] = __float2half((float)v);
}
