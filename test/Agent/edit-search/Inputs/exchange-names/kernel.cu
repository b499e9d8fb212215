// out = x^T for x of [R, C]: out is [C, R], one thread per output element.
__device__ int source_of(int i, int rows, int cols) {
    // output element i = c * rows + r reads x[r * cols + c]
    return (i % cols) * rows + i / cols;
}

__global__ void transpose_flat(const float* x, float* out, int R, int C) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < R * C) {
        int src = source_of(i, R, C);
        out[i] = x[src];
    }
}
