// Reference: one thread per output element; blockIdx.y is the sample n.
__global__ void glu_ref(const float* x, float* out, int C, int L) {
    long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= (long long)C * L) return;
    long long n = blockIdx.y;
    long long c = r / L, l = r % L;
    float a = x[(n * 2 * C + c) * L + l];
    float g = x[(n * 2 * C + c + C) * L + l];
    out[n * C * L + r] = a * (1.0f / (1.0f + expf(-g)));
}
