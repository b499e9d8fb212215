#include <math.h>
// one thread per element, written out as in the Adam paper (m_hat, v_hat)
__global__ void adam_ref(float* p, const float* g, float* m, float* v, int n,
                         float lr, float b1, float b2, float eps, float wd, int t) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float gi = g[i] + wd * p[i];
    float mi = b1 * m[i] + (1.0f - b1) * gi;
    float vi = b2 * v[i] + (1.0f - b2) * gi * gi;
    m[i] = mi;
    v[i] = vi;
    float mhat = mi / (1.0f - powf(b1, (float)t));
    float vhat = vi / (1.0f - powf(b2, (float)t));
    p[i] = p[i] - lr * mhat / (sqrtf(vhat) + eps);
}
