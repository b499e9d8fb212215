#include <math.h>
// one thread per sample: max, then log-sum-exp in double
__global__ void ce_ref(const float* logits, const long long* target, float* loss, int n, int c) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) return;
    const float* z = logits + (long long)r * c;
    double m = z[0];
    for (int j = 1; j < c; ++j) if (z[j] > m) m = z[j];
    double s = 0.0;
    for (int j = 0; j < c; ++j) s += exp((double)z[j] - m);
    loss[r] = (float)(m + log(s) - (double)z[target[r]]);
}
