// Reference: one thread per output element (n, c, oh, ow), bilinear interpolation in double,
// zero padding outside the image, align_corners=False.
__global__ void grid_sample_ref(const float* input, const float* grid, float* output,
                                int N, int C, int H, int W, int Ho, int Wo) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)N * C * Ho * Wo;
    if (i >= total) return;
    int ow = (int)(i % Wo);
    int oh = (int)((i / Wo) % Ho);
    int c = (int)((i / ((long long)Wo * Ho)) % C);
    long long n = i / ((long long)Wo * Ho * C);
    long long g = ((n * Ho + oh) * Wo + ow) * 2;
    double ix = (((double)grid[g] + 1.0) * W - 1.0) * 0.5;
    double iy = (((double)grid[g + 1] + 1.0) * H - 1.0) * 0.5;
    double fx = floor(ix), fy = floor(iy);
    int x0 = (int)fx, y0 = (int)fy;
    double ax = ix - fx, ay = iy - fy;
    const float* plane = input + (n * C + c) * (long long)H * W;
    double s = 0.0;
    for (int dy = 0; dy < 2; ++dy) {
        for (int dx = 0; dx < 2; ++dx) {
            int y = y0 + dy, x = x0 + dx;
            if (y < 0 || y >= H || x < 0 || x >= W) continue;
            double w = (dy ? ay : 1.0 - ay) * (dx ? ax : 1.0 - ax);
            s += w * (double)plane[(long long)y * W + x];
        }
    }
    output[i] = (float)s;
}
