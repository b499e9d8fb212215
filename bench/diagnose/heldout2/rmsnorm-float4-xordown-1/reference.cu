__global__ void rmsnorm_ref(const float* x, const float* w, float* y, int D, float eps) {
    int r = blockIdx.x;
    double ss = 0;
    for (int i = 0; i < D; ++i) { double v = x[(long long)r * D + i]; ss += v * v; }
    double inv = 1.0 / sqrt(ss / D + eps);
    for (int i = threadIdx.x; i < D; i += blockDim.x)
        y[(long long)r * D + i] = (float)(x[(long long)r * D + i] * inv * w[i]);
}
