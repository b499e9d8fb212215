__global__ void matmul_ref(const float* A, const float* B, float* C, int M, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M * N) return;
    int r = i / N, c = i % N;
    float s = 0.0f;
    for (int k = 0; k < K; ++k) s += A[r * K + k] * B[k * N + c];
    C[i] = s;
}
