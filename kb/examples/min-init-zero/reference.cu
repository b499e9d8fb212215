__global__ void col_min_ref(const float* d, float* out, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols) return;
    float m = d[c];
    for (int r = 1; r < rows; ++r) m = fminf(m, d[r * cols + c]);
    out[c] = m;
}
