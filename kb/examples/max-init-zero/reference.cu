__global__ void row_max_ref(const float* x, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = x[(long long)r * cols];
    for (int c = 1; c < cols; ++c) m = fmaxf(m, x[(long long)r * cols + c]);
    out[r] = m;
}
