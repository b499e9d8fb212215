__global__ void scale_cols_ref(const float* x, const float* s, float* y, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (r >= rows || c >= cols) return;
    y[r * cols + c] = x[r * cols + c] * s[c];
}
