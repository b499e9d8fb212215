// Reference: one thread per output value grid[n, h, w, k], computed in double.
__global__ void affine_grid_ref(const float* theta, float* grid, int N, int H, int W) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)N * H * W * 2;
    if (i >= total) return;
    int k = (int)(i % 2);
    long long p = i / 2;
    int w = (int)(p % W);
    int h = (int)((p / W) % H);
    int n = (int)(p / ((long long)W * H));
    double xs = (2.0 * w + 1.0) / W - 1.0;
    double ys = (2.0 * h + 1.0) / H - 1.0;
    const float* t = theta + (long long)n * 6 + 3 * k;
    grid[i] = (float)((double)t[0] * xs + (double)t[1] * ys + (double)t[2]);
}
