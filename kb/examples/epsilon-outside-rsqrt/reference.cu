__global__ void rmsnorm_ref(const float* x, const float* w, float* y, int hidden, float eps) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= 1 << 30) return;
    float ss = 0.f;
    for (int i = 0; i < hidden; ++i) ss += x[r * hidden + i] * x[r * hidden + i];
    float inv = 1.0f / sqrtf(ss / hidden + eps);
    for (int i = 0; i < hidden; ++i) y[r * hidden + i] = x[r * hidden + i] * inv * w[i];
}
