// Does not parse: the benchmark records an error for this task and goes on.
__global__ void halve(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x
    if (i < n) out[i] = x[i] * 0.5f;
}
