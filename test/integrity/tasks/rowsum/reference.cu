__global__ void row_sum_ref(const float* x, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += x[r * cols + c];
    out[r] = (float)s;
}
