#include <math.h>
__global__ void ce_ref(const float* logits, const long long* labels, float* loss, int batch, int classes) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= batch) return;
    const float* x = logits + (long long)r * classes;
    float m = -INFINITY;
    for (int c = 0; c < classes; ++c) m = fmaxf(m, x[c]);
    double s = 0.0;
    for (int c = 0; c < classes; ++c) s += exp((double)(x[c] - m));
    loss[r] = (float)(m + log(s)) - x[labels[r]];
}
