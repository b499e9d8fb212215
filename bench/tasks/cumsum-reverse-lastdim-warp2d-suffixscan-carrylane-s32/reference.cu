// Reference: one thread per row, walking the row from the end with a double accumulator.
__global__ void reverse_cumsum_ref(const float* x, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0.0;
    for (int i = cols - 1; i >= 0; --i) {
        s += (double)x[(long long)r * cols + i];
        out[(long long)r * cols + i] = (float)s;
    }
}
