__global__ void sample_ref(const float* in, const float* theta, float* out, int C, int H, int W, int OH, int OW) {
    int n = blockIdx.y;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= C * OH * OW) return;
    int ox = idx % OW, oy = (idx / OW) % OH, c = idx / (OW * OH);
    double gx = -1.0 + 2.0 * ox / (OW - 1);
    double gy = -1.0 + 2.0 * oy / (OH - 1);
    const float* t = theta + n * 6;
    double sx = t[0] * gx + t[1] * gy + t[2];
    double sy = t[3] * gx + t[4] * gy + t[5];
    double ix = (sx + 1.0) / 2.0 * (W - 1);
    double iy = (sy + 1.0) / 2.0 * (H - 1);
    double fx0 = floor(ix), fy0 = floor(iy);
    int x0 = (int)fx0, y0 = (int)fy0;
    double wx = ix - fx0, wy = iy - fy0;
    double acc = 0;
    for (int dy = 0; dy < 2; ++dy)
        for (int dx = 0; dx < 2; ++dx) {
            int yy = y0 + dy, xx = x0 + dx;
            if (yy < 0 || yy >= H || xx < 0 || xx >= W) continue;
            double w = (dx ? wx : 1.0 - wx) * (dy ? wy : 1.0 - wy);
            acc += w * in[(((long long)n * C + c) * H + yy) * W + xx];
        }
    out[(((long long)n * C + c) * OH + oy) * OW + ox] = (float)acc;
}
