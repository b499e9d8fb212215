// one thread per output, double accumulation, explicit padding test
__global__ void conv1d_ref(const float* x, const float* w, const float* bias, float* y,
                           int N, int Cin, int L, int Cout, int K, int Lout, int stride, int pad, int dil) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N * Cout * Lout) return;
    int lo = i % Lout, co = (i / Lout) % Cout, n = i / (Lout * Cout);
    double acc = bias[co];
    for (int ci = 0; ci < Cin; ++ci)
        for (int k = 0; k < K; ++k) {
            int p = lo * stride - pad + k * dil;
            if (p >= 0 && p < L)
                acc += (double)x[((long long)n * Cin + ci) * L + p] * (double)w[((long long)co * Cin + ci) * K + k];
        }
    y[i] = (float)acc;
}
