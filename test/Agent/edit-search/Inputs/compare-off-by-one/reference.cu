__global__ void tril_ref(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n * n) out[i] = (i % n) <= (i / n) ? x[i] : 0.0f;
}
