// one thread per output element (flattened NHWC index), explicit zero padding
__global__ void dwconv_ref(const float* x, const float* w, const float* b, float* y,
                           int N, int H, int W, int C) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= N * H * W * C) return;
    int c = idx % C;
    int xo = (idx / C) % W;
    int yo = (idx / (C * W)) % H;
    int n = idx / (C * W * H);
    float s = b[c];
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            int yi = yo + dy, xi = xo + dx;
            float v = 0.0f;
            if (yi >= 0 && yi < H && xi >= 0 && xi < W) v = x[((n * H + yi) * W + xi) * C + c];
            s += v * w[((dy + 1) * 3 + (dx + 1)) * C + c];
        }
    }
    y[idx] = s;
}
