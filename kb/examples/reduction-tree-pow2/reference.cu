__global__ void row_sum_ref(const float* in, float* out, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    float acc = 0.0f;
    for (int c = 0; c < cols; ++c) acc += in[row * cols + c];
    out[row] = acc;
}
