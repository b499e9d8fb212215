__global__ void outer_ref(const float *a, const float *b, float *out, int M, int N, float bias) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= M * N) return;
    out[t] = a[t / N] * b[t % N] + bias;
}
