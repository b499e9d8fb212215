#include <math.h>
// Reference: one thread per output, KxK window with stride S (no padding), max-shifted
// softmax weights, in double.
__global__ void softpool2d_ref(const float* x, float* y, int NC, int H, int W,
                               int HO, int WO) {
    const int K = 3, S = 2;
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)NC * HO * WO;
    if (idx >= total) return;
    int wo = (int)(idx % WO);
    int ho = (int)((idx / WO) % HO);
    long long nc = idx / ((long long)WO * HO);
    const float* p = x + nc * H * W;
    double m = -INFINITY;
    for (int i = 0; i < K; ++i)
        for (int j = 0; j < K; ++j) m = fmax(m, (double)p[(long long)(ho * S + i) * W + wo * S + j]);
    double num = 0.0, den = 0.0;
    for (int i = 0; i < K; ++i)
        for (int j = 0; j < K; ++j) {
            double v = (double)p[(long long)(ho * S + i) * W + wo * S + j];
            double e = exp(v - m);
            num += e * v;
            den += e;
        }
    y[idx] = (float)(num / den);
}
