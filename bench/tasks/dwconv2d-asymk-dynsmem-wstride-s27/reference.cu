// Reference: one thread per output element (blockIdx.y = n*C + c plane), direct
// loops over the KH x KW window with explicit padding checks.
__global__ void dwconv2d_ref(const float* x, const float* w, const float* b, float* y,
                             int C, int H, int W, int KH, int KW, int PH, int PW,
                             int Ho, int Wo) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= Ho * Wo) return;
    int nc = blockIdx.y;
    int c = nc % C;
    int oh = o / Wo, ow = o % Wo;
    double acc = (double)b[c];
    for (int kh = 0; kh < KH; ++kh) {
        for (int kw = 0; kw < KW; ++kw) {
            int ih = oh - PH + kh, iw = ow - PW + kw;
            if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
            acc += (double)x[((long long)nc * H + ih) * W + iw] *
                   (double)w[((long long)c * KH + kh) * KW + kw];
        }
    }
    y[(long long)nc * Ho * Wo + o] = (float)acc;
}
