__global__ void row_cummax_ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = x[r * cols];
    for (int c = 0; c < cols; ++c) {
        m = fmaxf(m, x[r * cols + c]);
        y[r * cols + c] = m;
    }
}
