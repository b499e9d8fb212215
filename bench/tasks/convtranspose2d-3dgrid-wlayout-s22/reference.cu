// one thread per output element (grid.y = n * Cout + oc); every (input pixel, tap) pair is tested
// against the scatter relation oh = ih * S - P + kh directly; sum in double
__global__ void convT2d_ref(const float* x, const float* w, const float* b, float* y,
                            int Cin, int Cout, int H, int W, int OH, int OW,
                            int K, int S, int P) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= OH * OW) return;
    int ow = o % OW, oh = o / OW;
    int n = blockIdx.y / Cout, oc = blockIdx.y % Cout;
    double s = (double)b[oc];
    for (int ic = 0; ic < Cin; ++ic)
        for (int ih = 0; ih < H; ++ih)
            for (int kh = 0; kh < K; ++kh) {
                if (ih * S - P + kh != oh) continue;
                for (int iw = 0; iw < W; ++iw)
                    for (int kw = 0; kw < K; ++kw) {
                        if (iw * S - P + kw != ow) continue;
                        s += (double)x[((n * Cin + ic) * H + ih) * W + iw] *
                             (double)w[((ic * Cout + oc) * K + kh) * K + kw];
                    }
            }
    y[(long long)blockIdx.y * OH * OW + o] = (float)s;
}
