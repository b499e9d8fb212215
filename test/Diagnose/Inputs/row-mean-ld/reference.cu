__global__ void row_mean_ref(const float* x, float* out, int rows, int cols, int ld) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    float s = 0.0f;
    for (int c = 0; c < cols; ++c) s += x[row * ld + c];
    out[row] = s / cols;
}
