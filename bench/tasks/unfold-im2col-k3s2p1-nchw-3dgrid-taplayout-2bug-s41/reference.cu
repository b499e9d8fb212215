// Reference: one thread per output element of one channel's 9 rows of cols [N, C*9, OH*OW].
__global__ void unfold_ref(const float* x, float* cols, int C, int H, int W) {
    int OH = (H + 2 - 3) / 2 + 1;
    int OW = (W + 2 - 3) / 2 + 1;
    int L = OH * OW;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= 9 * L) return;
    long long c = blockIdx.y, n = blockIdx.z;
    int r = t / L, p = t % L;
    int kh = r / 3, kw = r % 3;
    int oh = p / OW, ow = p % OW;
    int ih = oh * 2 - 1 + kh, iw = ow * 2 - 1 + kw;
    float v = 0.0f;
    if (ih >= 0 && ih < H && iw >= 0 && iw < W)
        v = x[((n * C + c) * H + ih) * W + iw];
    cols[(n * C + c) * 9 * L + t] = v;
}
