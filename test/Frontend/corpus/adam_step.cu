// One Adam step on n parameters: m = b1 m + (1-b1) g; v = b2 v + (1-b2) g^2;
// p -= lr * (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps).
#include <cuda_runtime.h>

__global__ void adam_step(float* __restrict__ param, const float* __restrict__ grad,
                          float* __restrict__ m, float* __restrict__ v,
                          float lr, float beta1, float beta2, float eps, int step, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float g = grad[i];
    float mi = beta1 * m[i] + (1.0f - beta1) * g;
    float vi = beta2 * v[i] + (1.0f - beta2) * g * g;
    m[i] = mi;
    v[i] = vi;
    float mhat = mi / (1.0f - powf(beta1, (float)step));
    float vhat = vi / (1.0f - powf(beta2, (float)step));
    param[i] -= lr * mhat / (sqrtf(vhat) + eps);
}
