// argmax per row, one thread per row (small rows)
__global__ void argmax_rows_simple(const float* x, int* idx, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        float best = 0.0f;
        int arg = 0;
        for (int c = 0; c < cols; c++) {
            float v = x[(long long)r * cols + c];
            if (v > best) {
                best = v;
                arg = c;
            }
        }
        idx[r] = arg;
    }
}
