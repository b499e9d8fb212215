// one thread per sample, serial loop
__global__ void mml_ref(const float* x, const long long* y, float* loss, int N, int C, float margin) {
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n >= N) return;
    const float* xr = x + (long long)n * C;
    int t = (int)y[n];
    double s = 0.0;
    for (int c = 0; c < C; ++c) {
        if (c == t) continue;
        double h = (double)margin - (double)xr[t] + (double)xr[c];
        if (h > 0.0) s += h;
    }
    loss[n] = (float)(s / C);
}
