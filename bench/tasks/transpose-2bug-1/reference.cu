__global__ void batched_transpose_ref(const float* in, float* out, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (i >= rows * cols) return;
    int r = i / cols, c = i % cols;
    out[(size_t)b * rows * cols + (size_t)c * rows + r] = in[(size_t)b * rows * cols + i];
}
