// Reference: one thread per element, plain branches.
__global__ void softshrink_ref(const float* x, float* y, long long n, float lambd) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float r = 0.0f;
    if (v > lambd) r = v - lambd;
    else if (v < -lambd) r = v + lambd;
    y[i] = r;
}
