__global__ void bn_ref(const float* x, const float* gamma, const float* beta, float* y, int batch, int features, float eps) {
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= features) return;
    double s = 0;
    for (int r = 0; r < batch; ++r) s += x[(long long)r * features + f];
    double mean = s / batch;
    double v = 0;
    for (int r = 0; r < batch; ++r) { double d = x[(long long)r * features + f] - mean; v += d * d; }
    v /= batch;
    double inv = 1.0 / sqrt(v + eps);
    for (int r = 0; r < batch; ++r) {
        long long i = (long long)r * features + f;
        y[i] = (float)((x[i] - mean) * inv * gamma[f] + beta[f]);
    }
}
