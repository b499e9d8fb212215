__global__ void matmul_ref(const float* A, const float* B, float* C, int M, int N, int K) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= M * N) return;
    int i = t / N, j = t % N;
    float acc = 0.f;
    for (int p = 0; p < K; ++p) acc += A[i * K + p] * B[p * N + j];
    C[t] = acc;
}
