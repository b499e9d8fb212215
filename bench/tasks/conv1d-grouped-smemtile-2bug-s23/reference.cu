// one thread per output element, double accumulation; K=5, stride=2, padding=2
__global__ void conv1d_grouped_ref(const float* x, const float* w, const float* bias, float* y,
                                   int Cin, int L, int Cout, int Lout, int G) {
    const int K = 5, S = 2, P = 2;
    int lo = blockIdx.x * blockDim.x + threadIdx.x;
    int co = blockIdx.y, n = blockIdx.z;
    if (lo >= Lout) return;
    int CinG = Cin / G, CoutG = Cout / G, g = co / CoutG;
    double acc = (double)bias[co];
    for (int c = 0; c < CinG; ++c)
        for (int k = 0; k < K; ++k) {
            int p = lo * S - P + k;
            if (p < 0 || p >= L) continue;
            acc += (double)w[((long)co * CinG + c) * K + k] * (double)x[((long)n * Cin + g * CinG + c) * L + p];
        }
    y[((long)n * Cout + co) * Lout + lo] = (float)acc;
}
