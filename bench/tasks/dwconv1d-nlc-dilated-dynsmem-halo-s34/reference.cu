// Reference: one thread per output element (n, l, c), zero padding by bounds checks, double sum.
__global__ void dwconv1d_nlc_ref(const float* x, const float* w, const float* bias, float* y,
                                 int N, int L, int C, int K, int dil) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)N * L * C) return;
    int c = (int)(i % C);
    int l = (int)((i / C) % L);
    long long n = i / ((long long)C * L);
    int pad = dil * (K - 1) / 2;
    double s = (double)bias[c];
    for (int k = 0; k < K; ++k) {
        int li = l - pad + k * dil;
        if (li < 0 || li >= L) continue;
        s += (double)w[c * K + k] * (double)x[(n * L + li) * C + c];
    }
    y[i] = (float)s;
}
