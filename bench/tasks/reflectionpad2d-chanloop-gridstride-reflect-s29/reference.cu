// Reference: one thread per output element (blockIdx.y = n * C + c), the mirror image of
// each side written out separately.
__global__ void reflection_pad2d_ref(const float* x, float* y, int C, int H, int W,
                                     int pad_left, int pad_top, int OH, int OW) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= OH * OW) return;
    long long plane = blockIdx.y;
    int oh = t / OW, ow = t % OW;
    int ih = oh - pad_top, iw = ow - pad_left;
    if (ih < 0) ih = -ih;
    else if (ih > H - 1) ih = (H - 1) - (ih - (H - 1));
    if (iw < 0) iw = -iw;
    else if (iw > W - 1) iw = (W - 1) - (iw - (W - 1));
    y[plane * OH * OW + t] = x[plane * H * W + (long long)ih * W + iw];
}
