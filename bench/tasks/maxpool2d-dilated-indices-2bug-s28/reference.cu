// Reference: one thread per output (blockIdx.y = plane), taps outside the input skipped,
// first maximum in scan order wins.
__global__ void maxpool2d_idx_ref(const float* x, float* y, long long* ind,
                                  int H, int W, int OH, int OW, int K, int S, int P, int DL) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= OH * OW) return;
    int plane = blockIdx.y;
    int oh = o / OW, ow = o % OW;
    const float* xp = x + (long long)plane * H * W;
    bool have = false;
    float best = 0.0f;
    long long bi = -1;
    for (int kh = 0; kh < K; ++kh) {
        int ih = oh * S - P + kh * DL;
        if (ih < 0 || ih >= H) continue;
        for (int kw = 0; kw < K; ++kw) {
            int iw = ow * S - P + kw * DL;
            if (iw < 0 || iw >= W) continue;
            float v = xp[ih * W + iw];
            if (!have || v > best) { best = v; bi = (long long)ih * W + iw; have = true; }
        }
    }
    y[(long long)plane * OH * OW + o] = best;
    ind[(long long)plane * OH * OW + o] = bi;
}
