// Reference: one thread per output element, full dot product over K in double plus the bias.
__global__ void linear_ref(const float* x, const float* W, const float* b, float* out,
                           int M, int N, int K) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (c >= N || r >= M) return;
    double acc = (double)b[c];
    for (int k = 0; k < K; ++k) acc += (double)x[(long long)r * K + k] * (double)W[(long long)c * K + k];
    out[(long long)r * N + c] = (float)acc;
}
