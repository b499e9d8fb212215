__global__ void maxpool_ref(const float* x, float* y, int n, int L, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float m = -INFINITY;
    for (int k = 0; k < K; ++k) m = fmaxf(m, x[i * K + k]);
    y[i] = m;
}
