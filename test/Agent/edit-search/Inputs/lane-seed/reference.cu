__global__ void gemv_bias_ref(const float* W, const float* x, const float* b, float* y,
                              int rows, int K) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = b[r];
    for (int k = 0; k < K; ++k) s += (double)W[r * K + k] * x[k];
    y[r] = (float)s;
}
