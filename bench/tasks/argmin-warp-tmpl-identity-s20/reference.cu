// one thread per row, serial scan, first minimum wins
__global__ void argmin_ref(const float* x, long long* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* xr = x + (long long)r * cols;
    int bi = 0;
    float bv = xr[0];
    for (int c = 1; c < cols; ++c)
        if (xr[c] < bv) { bv = xr[c]; bi = c; }
    out[r] = bi;
}
