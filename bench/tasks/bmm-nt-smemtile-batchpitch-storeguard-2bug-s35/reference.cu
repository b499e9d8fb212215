// Reference: one thread per output C[b, m, n] (b = blockIdx.y), dot product over K in double.
__global__ void bmm_nt_ref(const float* A, const float* B, float* C, int M, int N, int K) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)M * N) return;
    long long b = blockIdx.y;
    long long m = i / N, n = i % N;
    const float* a = A + (b * M + m) * K;
    const float* bt = B + (b * N + n) * K;
    double s = 0.0;
    for (int k = 0; k < K; ++k) s += (double)a[k] * (double)bt[k];
    C[(b * M + m) * N + n] = (float)s;
}
