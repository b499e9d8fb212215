__global__ void row_scan_ref(const float* x, float* y, int rows) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    float s = 0.0f;
    for (int j = 0; j < 32; ++j) {
        s += x[row * 32 + j];
        y[row * 32 + j] = s;
    }
}
