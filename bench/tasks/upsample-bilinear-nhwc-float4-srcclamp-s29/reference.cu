// Reference: one thread per output element of [N, OH, OW, C] (blockIdx.y = n), torch's
// align_corners=False source index (computed in float, clamped at 0), blend in double.
__global__ void bilinear_nhwc_ref(const float* x, float* y, int H, int W, int C, int OH, int OW,
                                  float scale_h, float scale_w) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= OH * OW * C) return;
    long long n = blockIdx.y;
    int c = t % C;
    int ow = (t / C) % OW;
    int oh = t / (C * OW);

    float sh = scale_h * ((float)oh + 0.5f) - 0.5f;
    if (sh < 0.0f) sh = 0.0f;
    int h0 = (int)sh;
    int h1 = h0 + 1 < H ? h0 + 1 : H - 1;
    double lh = (double)(sh - (float)h0);

    float sw = scale_w * ((float)ow + 0.5f) - 0.5f;
    if (sw < 0.0f) sw = 0.0f;
    int w0 = (int)sw;
    int w1 = w0 + 1 < W ? w0 + 1 : W - 1;
    double lw = (double)(sw - (float)w0);

    const float* xn = x + n * H * W * C;
    double a = xn[((long long)h0 * W + w0) * C + c];
    double b = xn[((long long)h0 * W + w1) * C + c];
    double d = xn[((long long)h1 * W + w0) * C + c];
    double e = xn[((long long)h1 * W + w1) * C + c];
    double v = (1.0 - lh) * ((1.0 - lw) * a + lw * b) + lh * ((1.0 - lw) * d + lw * e);
    y[n * OH * OW * C + t] = (float)v;
}
