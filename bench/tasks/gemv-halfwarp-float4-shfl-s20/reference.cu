// one thread per output row, double accumulation
__global__ void gemv_ref(const float* A, const float* x, float* y, int M, int K) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= M) return;
    double s = 0.0;
    for (int k = 0; k < K; ++k) s += (double)A[(long long)r * K + k] * (double)x[k];
    y[r] = (float)s;
}
