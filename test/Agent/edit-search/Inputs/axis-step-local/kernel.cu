// Per-thread partial sums of a vector: a fixed grid of blocks strides over it,
// the step kept in a local defined once.
__global__ void strided_partials(const float* x, float* partial, int n) {
    const int step = blockDim.x * gridDim.y;
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = t; i < n; i += step)
        s += x[i];
    partial[t] = s;
}
