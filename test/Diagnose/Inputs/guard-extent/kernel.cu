// Row-wise scale of a [rows][cols] matrix by a per-column factor; the column
// index is tested against the row count.
__global__ void scale_cols(const float* x, const float* s, float* y, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (r >= rows || c >= rows) return;
    y[r * cols + c] = x[r * cols + c] * s[c];
}
