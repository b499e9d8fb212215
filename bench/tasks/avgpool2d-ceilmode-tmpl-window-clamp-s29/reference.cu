// Reference: one thread per output element (blockIdx.y = plane), torch's avg_pool2d
// divisor for count_include_pad=True: (hend - hstart) * (wend - wstart) with the ends
// clipped at H + P and W + P before the window is clipped to the input.
__global__ void avgpool2d_ceil_ref(const float* x, float* y, int H, int W, int OH, int OW, int P) {
    const int K = 3, S = 2;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= OH * OW) return;
    long long plane = blockIdx.y;
    int oh = t / OW, ow = t % OW;
    int hs = oh * S - P, ws = ow * S - P;
    int he = hs + K, we = ws + K;
    if (he > H + P) he = H + P;
    if (we > W + P) we = W + P;
    int divisor = (he - hs) * (we - ws);
    double s = 0.0;
    for (int ih = hs; ih < he; ++ih) {
        if (ih < 0 || ih >= H) continue;
        for (int iw = ws; iw < we; ++iw) {
            if (iw < 0 || iw >= W) continue;
            s += (double)x[plane * H * W + (long long)ih * W + iw];
        }
    }
    y[plane * OH * OW + t] = (float)(s / divisor);
}
