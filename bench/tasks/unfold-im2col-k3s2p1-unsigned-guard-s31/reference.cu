// Reference: one thread per output element, explicit signed bounds checks.
__global__ void unfold_ref(const float* x, float* out, int N, int C, int H, int W, int OH, int OW,
                           int stride, int pad) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long L = (long long)OH * OW;
    long long rows = (long long)C * 9;
    if (t >= (long long)N * rows * L) return;
    long long l = t % L, r = (t / L) % rows, n = t / (L * rows);
    int c = (int)(r / 9), ki = (int)((r % 9) / 3), kj = (int)(r % 3);
    int oh = (int)(l / OW), ow = (int)(l % OW);
    int ih = oh * stride - pad + ki, iw = ow * stride - pad + kj;
    float v = 0.0f;
    if (ih >= 0 && ih < H && iw >= 0 && iw < W)
        v = x[(((long long)n * C + c) * H + ih) * W + iw];
    out[t] = v;
}
