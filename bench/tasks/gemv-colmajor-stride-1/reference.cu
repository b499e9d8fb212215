__global__ void gemv_ref(const float* At, const float* x, float* y, int M, int K) {
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= M) return;
    double s = 0.0;
    for (int k = 0; k < K; ++k) s += (double)At[k * M + m] * (double)x[k];
    y[m] = (float)s;
}
