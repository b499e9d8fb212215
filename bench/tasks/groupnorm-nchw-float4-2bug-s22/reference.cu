#include <math.h>
// one thread per (n, g) (grid of N*G one-thread blocks): statistics of the group in double (biased variance), then the group's outputs
__global__ void groupnorm_ref(const float* x, const float* gamma, const float* beta, float* y,
                              int C, int HW, int G, float eps) {
    int ng = blockIdx.x;   // grid = N * G single-thread blocks
    int n = ng / G, g = ng % G, cpg = C / G;
    double s = 0.0;
    for (int c = g * cpg; c < (g + 1) * cpg; ++c)
        for (int i = 0; i < HW; ++i) s += (double)x[((long long)n * C + c) * HW + i];
    double cnt = (double)cpg * HW;
    double mean = s / cnt;
    double q = 0.0;
    for (int c = g * cpg; c < (g + 1) * cpg; ++c)
        for (int i = 0; i < HW; ++i) {
            double d = (double)x[((long long)n * C + c) * HW + i] - mean;
            q += d * d;
        }
    double rstd = 1.0 / sqrt(q / cnt + (double)eps);
    for (int c = g * cpg; c < (g + 1) * cpg; ++c)
        for (int i = 0; i < HW; ++i) {
            long long idx = ((long long)n * C + c) * HW + i;
            y[idx] = (float)(((double)x[idx] - mean) * rstd * (double)gamma[c] + (double)beta[c]);
        }
}
