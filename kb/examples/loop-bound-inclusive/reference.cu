__global__ void gemv_ref(const float* A, const float* x, float* y, int M, int K) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= M) return;
    float s = 0.f;
    for (int k = 0; k < K; ++k) s += A[r * K + k] * x[k];
    y[r] = s;
}
