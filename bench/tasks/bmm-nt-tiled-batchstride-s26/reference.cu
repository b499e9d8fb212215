// Reference: one thread per output element (blockIdx.y = batch), double dot product
// of row m of A[b] with row n of B[b].
__global__ void bmm_nt_ref(const float* A, const float* B, float* C, int M, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M * N) return;
    long long b = blockIdx.y;
    int m = i / N, n = i % N;
    double acc = 0.0;
    for (int k = 0; k < K; ++k)
        acc += (double)A[(b * M + m) * K + k] * (double)B[(b * N + n) * K + k];
    C[(b * M + m) * N + n] = (float)acc;
}
