__global__ void gemm_nt_ref(const float* A, const float* B, float* C, int M, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M * N) return;
    int m = i / N, n = i % N;
    double s = 0.0;
    for (int k = 0; k < K; ++k) s += (double)A[m * K + k] * (double)B[n * K + k];
    C[i] = (float)s;
}
