// Reference: one thread per (t, n) (t = blockIdx.y); the expert is found by scanning offsets,
// double accumulation over k.
__global__ void grouped_gemm_nt_ref(const float* X, const float* W, const int* offsets, float* Y,
                                    int K, int N) {
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    int t = blockIdx.y;
    if (n >= N) return;
    int e = 0;
    while (t >= offsets[e + 1]) ++e;
    double s = 0.0;
    for (int k = 0; k < K; ++k)
        s += (double)X[(long long)t * K + k] * (double)W[((long long)e * N + n) * K + k];
    Y[(long long)t * N + n] = (float)s;
}
