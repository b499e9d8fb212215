// Reference F.fold: one thread per image element (blockIdx.y = n * C + c); every tap of the
// KH x KW window is tried against every window position that could contain the pixel, summed
// in double.
__global__ void fold_ref(const float* cols, float* im, int H, int W, int KH, int KW,
                         int pad, int stride, int OH, int OW) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= H * W) return;
    int plane = blockIdx.y;
    int h = i / W, w = i % W;
    long long L = (long long)OH * OW;
    double acc = 0.0;
    for (int kh = 0; kh < KH; ++kh) {
        for (int kw = 0; kw < KW; ++kw) {
            int ys = h + pad - kh, xs = w + pad - kw;
            if (ys < 0 || xs < 0) continue;
            if (ys % stride != 0 || xs % stride != 0) continue;
            int oh = ys / stride, ow = xs / stride;
            if (oh >= OH || ow >= OW) continue;
            long long row = (long long)plane * KH * KW + kh * KW + kw;
            acc += (double)cols[row * L + (long long)oh * OW + ow];
        }
    }
    im[(long long)plane * H * W + i] = (float)acc;
}
