// one thread per output element, group statistics recomputed in double
__global__ void group_norm_ref(const float* x, const float* gamma, const float* beta, float* y,
                               int HW, int C, int G, float eps) {
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    int n = blockIdx.y;
    if (i >= (long)HW * C) return;
    int c = (int)(i % C);
    int Cg = C / G;
    int g = c / Cg;
    const float* xs = x + (long)n * HW * C;
    double s = 0.0;
    for (int p = 0; p < HW; ++p)
        for (int k = 0; k < Cg; ++k) s += (double)xs[(long)p * C + g * Cg + k];
    double cnt = (double)HW * Cg;
    double mean = s / cnt;
    double ss = 0.0;
    for (int p = 0; p < HW; ++p)
        for (int k = 0; k < Cg; ++k) { double d = (double)xs[(long)p * C + g * Cg + k] - mean; ss += d * d; }
    double var = ss / cnt;
    double v = ((double)xs[i] - mean) / sqrt(var + (double)eps);
    y[(long)n * HW * C + i] = (float)(v * gamma[c] + beta[c]);
}
