__global__ void bgemv_ref(const float* A, const float* x, float* y, int M, int K) {
    int b = blockIdx.y;
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= M) return;
    double s = 0;
    for (int k = 0; k < K; ++k) s += (double)A[((long long)b * M + m) * K + k] * x[(long long)b * K + k];
    y[(long long)b * M + m] = (float)s;
}
