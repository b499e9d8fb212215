// one thread per output element, double accumulation; grid z = batch
__global__ void bmm_ref(const float* A, const float* B, float* C, int M, int N, int K) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    long long b = blockIdx.z;
    if (i >= M || j >= N) return;
    double s = 0.0;
    for (int k = 0; k < K; ++k)
        s += (double)A[(b * M + i) * K + k] * (double)B[(b * K + k) * N + j];
    C[(b * M + i) * N + j] = (float)s;
}
