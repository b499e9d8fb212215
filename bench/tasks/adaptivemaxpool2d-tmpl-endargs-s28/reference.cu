// Reference: one thread per output element, explicit floor/ceil window bounds.
__global__ void adaptive_maxpool2d_ref(const float* x, float* y, int H, int W, int OH, int OW) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= OH * OW) return;
    int p = blockIdx.y;
    int oh = o / OW, ow = o % OW;
    int h0 = (oh * H) / OH, h1 = ((oh + 1) * H + OH - 1) / OH;
    int w0 = (ow * W) / OW, w1 = ((ow + 1) * W + OW - 1) / OW;
    const float* xp = x + (long long)p * H * W;
    float m = xp[h0 * W + w0];
    for (int h = h0; h < h1; ++h)
        for (int w = w0; w < w1; ++w)
            if (xp[h * W + w] > m) m = xp[h * W + w];
    y[(long long)p * OH * OW + o] = m;
}
