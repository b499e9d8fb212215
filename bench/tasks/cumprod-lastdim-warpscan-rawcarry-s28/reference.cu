// Reference: one thread per row, sequential running product in double.
__global__ void cumprod_ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double p = 1.0;
    for (int c = 0; c < cols; ++c) {
        p *= (double)x[(long long)r * cols + c];
        y[(long long)r * cols + c] = (float)p;
    }
}
