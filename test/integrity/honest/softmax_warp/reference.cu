__global__ void ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = x[r * cols];
    for (int c = 1; c < cols; ++c) m = fmaxf(m, x[r * cols + c]);
    float s = 0.f;
    for (int c = 0; c < cols; ++c) s += expf(x[r * cols + c] - m);
    for (int c = 0; c < cols; ++c) y[r * cols + c] = expf(x[r * cols + c] - m) / s;
}
