__global__ void row_min_ref(const float *x, float *out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = x[(size_t)r * cols];
    for (int c = 1; c < cols; ++c) m = fminf(m, x[(size_t)r * cols + c]);
    out[r] = m;
}
