// Reference: one thread per output (n, co, l) on a (ceil(Lout / 64), N * Cout) grid; loops
// over every input position j and tap k and keeps the pairs whose scatter target
// j * S - P + k is l; accumulates in double.
__global__ void conv_transpose1d_ref(const float* x, const float* w, const float* bias, float* out,
                                     int Cin, int Cout, int Lin, int Lout, int K, int S, int P) {
    int l = blockIdx.x * blockDim.x + threadIdx.x;
    if (l >= Lout) return;
    int co = blockIdx.y % Cout;
    int n = blockIdx.y / Cout;
    double acc = (double)bias[co];
    for (int ci = 0; ci < Cin; ++ci)
        for (int j = 0; j < Lin; ++j)
            for (int k = 0; k < K; ++k)
                if (j * S - P + k == l)
                    acc += (double)x[((long long)n * Cin + ci) * Lin + j] * (double)w[((long long)ci * Cout + co) * K + k];
    out[(long long)blockIdx.y * Lout + l] = (float)acc;
}
