__global__ void max3x3_ref(const float* x, float* y, int* where, int H, int W) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (c >= W) return;
    float m = -INFINITY;
    int at = 0;
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
            int rr = r + dr, cc = c + dc;
            if (rr < 0 || rr >= H || cc < 0 || cc >= W) continue;
            float v = x[rr * W + cc];
            if (v > m) { m = v; at = rr * W + cc; }
        }
    y[r * W + c] = m;
    where[r * W + c] = at;
}
