#include <math.h>
// one thread per sample, double accumulation
__global__ void triplet_ref(const float* a, const float* p, const float* n, float* loss, int batch, int dim, float margin, float eps) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= batch) return;
    double sp = 0.0, sn = 0.0;
    for (int k = 0; k < dim; ++k) {
        long long o = (long long)i * dim + k;
        double dp = (double)a[o] - (double)p[o] + eps;
        double dn = (double)a[o] - (double)n[o] + eps;
        sp += dp * dp;
        sn += dn * dn;
    }
    double l = sqrt(sp) - sqrt(sn) + margin;
    loss[i] = (float)(l > 0.0 ? l : 0.0);
}
