#include <cuda_runtime.h>
#include <math.h>

// One fused Adam step (L2-style weight decay folded into the gradient, as torch.optim.Adam
// with weight_decay > 0).  param, exp_avg, exp_avg_sq are updated in place.
// Launched with a fixed number of blocks; each thread strides over the flat tensor.
__global__ void adam_step_fused(float* __restrict__ param, const float* __restrict__ grad,
                                float* __restrict__ exp_avg, float* __restrict__ exp_avg_sq,
                                int n, float lr, float beta1, float beta2, float eps,
                                float weight_decay, int step) {
    const float bias_corr1 = 1.0f - powf(beta1, (float)step);
    const float bias_corr2 = 1.0f - powf(beta2, (float)step);
    const float step_size = lr / bias_corr1;
    const float bias_corr2_sqrt = sqrtf(bias_corr2);

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        const float p = param[i];
        const float g = grad[i] + weight_decay * p;
        const float m = beta1 * exp_avg[i] + (1.0f - beta1) * g;
        const float v = beta2 * exp_avg_sq[i] + (1.0f - beta2) * g * g;
        exp_avg[i] = m;
        exp_avg_sq[i] = v;
        const float denom = sqrtf(v) / bias_corr2_sqrt + eps;
        param[i] = p - step_size * m / denom;
    }
}
