__global__ void mse_grad_ref(const float* p, const float* t, float* g, float scale, long long n) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n) g[i] = 2.0f * scale * (p[i] - t[i]);
}
