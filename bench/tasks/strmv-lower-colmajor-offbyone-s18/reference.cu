// one thread per row, full row scan with an explicit lower-triangle test
__global__ void trmv_ref(int n, float alpha, const float* A, int lda, const float* x, float* y) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) return;
    float s = 0.0f;
    for (int c = 0; c < n; ++c) {
        if (c > r) break;
        s += A[(long long)c * lda + r] * x[c];
    }
    y[r] = alpha * s;
}
