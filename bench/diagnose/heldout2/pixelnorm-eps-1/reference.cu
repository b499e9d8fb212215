__global__ void pixelnorm_ref(const float* x, float* y, int C, int HW, float eps) {
    int n = blockIdx.y;
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= HW) return;
    double ss = 0;
    for (int c = 0; c < C; ++c) { double v = x[((long long)n * C + c) * HW + p]; ss += v * v; }
    double r = 1.0 / sqrt(ss / C + (double)eps);
    for (int c = 0; c < C; ++c) {
        long long i = ((long long)n * C + c) * HW + p;
        y[i] = (float)(x[i] * r);
    }
}
