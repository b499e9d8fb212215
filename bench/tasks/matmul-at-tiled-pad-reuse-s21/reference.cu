// one thread per output element, serial dot product in double
__global__ void matmul_at_b_ref(const float* A, const float* B, float* C, int M, int N, int K) {
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    int m = blockIdx.y;
    if (n >= N) return;
    double s = 0.0;
    for (int k = 0; k < K; ++k) s += (double)A[(long long)k * M + m] * (double)B[(long long)k * N + n];
    C[(long long)m * N + n] = (float)s;
}
