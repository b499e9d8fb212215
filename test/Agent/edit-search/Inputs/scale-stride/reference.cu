__global__ void power_ref(const float* x, float* out, int L, int total) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= total) return;
    int n = i / L, l = i % L;
    float a = x[(n * 2) * L + l], b = x[(n * 2 + 1) * L + l];
    out[i] = a * a + b * b;
}
