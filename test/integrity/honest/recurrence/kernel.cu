// A first-order recurrence along each row, one thread per row, in the output
// itself: y[r][t] = x[r][t] + a * y[r][t - 1] (no term before t = 0).
__global__ void ema_rows(const float* __restrict__ x, float* __restrict__ y, int rows, int cols,
                         float a) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float* yr = y + (size_t)r * cols;
    const float* xr = x + (size_t)r * cols;
    for (int t = 0; t < cols; ++t)
        yr[t] = xr[t] + (t > 0 ? a * yr[t - 1] : 0.0f);
}
