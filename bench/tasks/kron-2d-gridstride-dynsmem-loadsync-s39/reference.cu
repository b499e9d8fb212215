// Reference torch.kron(A, B) for 2-D A [M, N], B [P, Q]: one thread per output element.
__global__ void kron_ref(const float* A, const float* B, float* out, int M, int N, int P, int Q) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long cols = (long long)N * Q;
    if (t >= (long long)M * P * cols) return;
    long long r = t / cols, c = t % cols;
    long long i = r / P, k = r % P, j = c / Q, l = c % Q;
    out[t] = A[i * N + j] * B[k * Q + l];
}
