// scatter form, one single-thread block per (n, co): loop over every input position and tap
__global__ void convt1d_ref(const float* x, const float* w, const float* bias, float* y,
                            int Cin, int Lin, int Cout, int Lout, int K, int stride, int pad) {
    int co = blockIdx.x, n = blockIdx.y;
    float* yr = y + ((long long)n * Cout + co) * Lout;
    for (int lo = 0; lo < Lout; ++lo) yr[lo] = 0.0f;
    double acc[1024];
    for (int lo = 0; lo < Lout; ++lo) acc[lo] = bias[co];
    for (int ci = 0; ci < Cin; ++ci)
        for (int li = 0; li < Lin; ++li)
            for (int k = 0; k < K; ++k) {
                int lo = li * stride - pad + k;
                if (lo >= 0 && lo < Lout)
                    acc[lo] += (double)x[((long long)n * Cin + ci) * Lin + li] * (double)w[((long long)ci * Cout + co) * K + k];
            }
    for (int lo = 0; lo < Lout; ++lo) yr[lo] = (float)acc[lo];
}
