// 3x3 max filter with zero padding semantics of a max pool (padding never
// wins) and the flat input position of each maximum.
__global__ void max3x3(const float* x, float* y, int* where, int H, int W) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (c >= W) return;
    float m = -INFINITY;
    int at = 0;
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
            int rr = r + dr, cc = c + dc;
            float v = (rr >= 0 && rr < H && cc >= 0 && cc < W) ? x[rr * W + cc] : 0.0f;
            if (v > m) { m = v; at = rr * H + cc; }
        }
    y[r * W + c] = m;
    where[r * W + c] = at;
}
