__global__ void bmm_ref(const float* A, const float* B, float* C, int M, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (i >= M * N) return;
    int r = i / N, c = i % N;
    double s = 0.0;
    for (int k = 0; k < K; ++k) s += (double)A[(b * M + r) * K + k] * (double)B[(b * K + k) * N + c];
    C[b * M * N + i] = (float)s;
}
