// 2-D average pooling, NCHW, one thread per output. nn.AvgPool2d counts the
// padded zeros (count_include_pad=True) but this kernel divides by the taps
// that fell inside the image.
__global__ void avgpool2d(const float* in, float* out, int planes, int H, int W,
                          int OH, int OW, int k, int stride, int pad) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= planes * OH * OW) return;
    int ox = t % OW, oy = (t / OW) % OH, p = t / (OW * OH);
    float acc = 0.0f;
    int taps = 0;
    for (int dy = 0; dy < k; ++dy) {
        int y = oy * stride - pad + dy;
        if (y < 0 || y >= H) continue;
        for (int dx = 0; dx < k; ++dx) {
            int x = ox * stride - pad + dx;
            if (x < 0 || x >= W) continue;
            acc += in[(p * H + y) * W + x];
            taps++;
        }
    }
    out[t] = acc / taps;
}
