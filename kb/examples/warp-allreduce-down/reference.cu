__global__ void row_normalize_ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.f;
    for (int c = 0; c < cols; ++c) s += x[r * cols + c];
    for (int c = 0; c < cols; ++c) y[r * cols + c] = x[r * cols + c] * (1.f / s);
}
