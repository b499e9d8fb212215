__global__ void swiglu_ref(const float* x, float* out, int rows, int hidden) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)rows * hidden) return;
    long long r = i / hidden, c = i % hidden;
    float g = x[r * 2 * hidden + c];
    float u = x[r * 2 * hidden + hidden + c];
    out[i] = g / (1.0f + expf(-g)) * u;
}
