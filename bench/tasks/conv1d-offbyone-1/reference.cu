__global__ void conv1d_ref(const float* x, const float* w, const float* bias, float* y,
                           int B, int Cin, int Cout, int L, int KW, int pad) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= B * Cout * L) return;
    int t = i % L, o = (i / L) % Cout, b = i / (L * Cout);
    float s = bias[o];
    for (int c = 0; c < Cin; ++c)
        for (int k = 0; k < KW; ++k) {
            int p = t + k - pad;
            if (p >= 0 && p < L) s += w[(o * Cin + c) * KW + k] * x[(b * Cin + c) * L + p];
        }
    y[i] = s;
}
