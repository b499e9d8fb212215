#include <math.h>
// one single-thread block per (image, group): plain loops over pixels and channels
__global__ void groupnorm_ref(const float* x, const float* gamma, const float* beta, float* y,
                              int HW, int C, int G, float eps) {
    int n = blockIdx.x / G, g = blockIdx.x % G;
    int cpg = C / G;
    const float* xn = x + (long long)n * HW * C;
    float* yn = y + (long long)n * HW * C;
    double sum = 0.0;
    for (int p = 0; p < HW; ++p)
        for (int c = g * cpg; c < (g + 1) * cpg; ++c) sum += xn[p * C + c];
    double mean = sum / (double)(HW * cpg);
    double ss = 0.0;
    for (int p = 0; p < HW; ++p)
        for (int c = g * cpg; c < (g + 1) * cpg; ++c) ss += (xn[p * C + c] - mean) * (xn[p * C + c] - mean);
    double var = ss / (double)(HW * cpg);
    float inv = (float)(1.0 / sqrt(var + (double)eps));
    for (int p = 0; p < HW; ++p)
        for (int c = g * cpg; c < (g + 1) * cpg; ++c)
            yn[p * C + c] = ((float)(xn[p * C + c] - mean)) * inv * gamma[c] + beta[c];
}
