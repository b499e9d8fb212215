// Reference: one thread per output element (n, oh, ow, c) of the NHWC output, explicit
// bounds checks on every tap, accumulation in double, divisor = number of in-image taps.
__global__ void avgpool2d_nhwc_ref(const float* x, float* y, int N, int H, int W, int C,
                                   int Ho, int Wo, int K, int S, int P) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)N * Ho * Wo * C;
    if (i >= total) return;
    int c = (int)(i % C);
    int ow = (int)((i / C) % Wo);
    int oh = (int)((i / ((long long)C * Wo)) % Ho);
    long long n = i / ((long long)C * Wo * Ho);
    double s = 0.0;
    int cnt = 0;
    for (int kh = 0; kh < K; ++kh) {
        int h = oh * S - P + kh;
        if (h < 0 || h >= H) continue;
        for (int kw = 0; kw < K; ++kw) {
            int w = ow * S - P + kw;
            if (w < 0 || w >= W) continue;
            s += (double)x[((n * H + h) * W + w) * C + c];
            ++cnt;
        }
    }
    y[i] = (float)(s / (double)cnt);
}
