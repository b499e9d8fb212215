// Running maximum along each row; the scan stops one column early.
__global__ void row_cummax(const float* in, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = in[r * cols];
    out[r * cols] = m;
    int c = 1;
    while (c < cols - 1) {
        m = fmaxf(m, in[r * cols + c]);
        out[r * cols + c] = m;
        c++;
    }
}
