// Reference: one thread per row, a plain left-to-right scan; the first maximum wins.
__global__ void max_dim_ref(const float* x, float* values, long long* indices, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* xr = x + (long long)r * cols;
    float best = xr[0];
    int bi = 0;
    for (int j = 1; j < cols; ++j) {
        if (xr[j] > best) { best = xr[j]; bi = j; }
    }
    values[r] = best;
    indices[r] = bi;
}
