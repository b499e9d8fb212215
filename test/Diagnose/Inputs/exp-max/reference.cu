__global__ void row_softmax_ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double m = x[r * cols], s = 0.0;
    for (int c = 0; c < cols; ++c) m = fmax(m, (double)x[r * cols + c]);
    for (int c = 0; c < cols; ++c) s += exp(x[r * cols + c] - m);
    for (int c = 0; c < cols; ++c) y[r * cols + c] = (float)(exp(x[r * cols + c] - m) / s);
}
