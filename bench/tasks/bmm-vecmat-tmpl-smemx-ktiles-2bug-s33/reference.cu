// Reference: one thread per (b, m) (b = blockIdx.y), double accumulation over k.
__global__ void bmm_vecmat_ref(const float* x, const float* A, float* y, int K, int M) {
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    long long b = blockIdx.y;
    if (m >= M) return;
    double s = 0.0;
    for (int k = 0; k < K; ++k) s += (double)x[b * K + k] * (double)A[(b * K + k) * M + m];
    y[b * M + m] = (float)s;
}
