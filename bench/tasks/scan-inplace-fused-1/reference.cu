// One thread per row, sequential.
__global__ void row_cumsum_ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.0f;
    for (int c = 0; c < cols; ++c) {
        s += x[(long)r * cols + c];
        y[(long)r * cols + c] = s;
    }
}
