// Reference: one thread per output element (flat index over [N, COUT, HO, WO]),
// accumulation in double, explicit bounds checks on every tap.
__global__ void conv2d_k3s2_ref(const float* x, const float* w, const float* b, float* y,
                                int N, int CIN, int COUT, int H, int W, int HO, int WO) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)N * COUT * HO * WO;
    if (i >= total) return;
    int ow = (int)(i % WO);
    int oh = (int)((i / WO) % HO);
    int co = (int)((i / ((long long)WO * HO)) % COUT);
    int n = (int)(i / ((long long)WO * HO * COUT));
    double s = (double)b[co];
    for (int ci = 0; ci < CIN; ++ci)
        for (int kh = 0; kh < 3; ++kh)
            for (int kw = 0; kw < 3; ++kw) {
                int ih = oh * 2 - 1 + kh;
                int iw = ow * 2 - 1 + kw;
                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                s += (double)x[(((long long)n * CIN + ci) * H + ih) * W + iw] *
                     (double)w[((co * CIN + ci) * 3 + kh) * 3 + kw];
            }
    y[i] = (float)s;
}
