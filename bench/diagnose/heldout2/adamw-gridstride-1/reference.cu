__global__ void adamw_ref(float* p, const float* g, float* m, float* v,
                          float lr, float beta1, float beta2, float eps,
                          float weight_decay, float bc1, float bc2, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float mi = beta1 * m[i] + (1.0f - beta1) * g[i];
    float vi = beta2 * v[i] + (1.0f - beta2) * g[i] * g[i];
    m[i] = mi;
    v[i] = vi;
    float upd = (mi / bc1) / (sqrtf(vi / bc2) + eps);
    p[i] = p[i] * (1.0f - lr * weight_decay) - lr * upd;
}
