__global__ void row_cummax_ref(const float* in, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = in[r * cols];
    for (int c = 0; c < cols; ++c) { m = fmaxf(m, in[r * cols + c]); out[r * cols + c] = m; }
}
