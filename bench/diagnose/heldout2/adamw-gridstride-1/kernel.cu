// Fused AdamW step over a flat parameter vector (in place on p, m, v).
// bc1 = 1 - beta1^t and bc2 = 1 - beta2^t are precomputed on the host.
__global__ void adamw_step(float* __restrict__ p, const float* __restrict__ g,
                           float* __restrict__ m, float* __restrict__ v,
                           float lr, float beta1, float beta2, float eps,
                           float weight_decay, float bc1, float bc2, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x) {
        const float gi = g[i];
        const float mi = beta1 * m[i] + (1.0f - beta1) * gi;
        const float vi = beta2 * v[i] + (1.0f - beta2) * gi * gi;
        m[i] = mi;
        v[i] = vi;
        const float m_hat = mi / bc1;
        const float v_hat = vi / bc2;
        float pi = p[i] * (1.0f - lr * weight_decay);
        p[i] = pi - lr * m_hat / (sqrtf(v_hat) + eps);
    }
}
