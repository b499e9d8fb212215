// one thread per output element (grid.y = n*C + c), count_include_pad=True (divide by K^3), sum in double
__global__ void avgpool3d_ref(const float* x, float* y, int D, int H, int W,
                              int OD, int OH, int OW, int K, int S, int P) {
    long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long nc = blockIdx.y;
    if (o >= (long long)OD * OH * OW) return;
    int ow = (int)(o % OW);
    int oh = (int)((o / OW) % OH);
    int od = (int)(o / ((long long)OW * OH));
    double s = 0.0;
    for (int kd = 0; kd < K; ++kd)
        for (int kh = 0; kh < K; ++kh)
            for (int kw = 0; kw < K; ++kw) {
                int id = od * S - P + kd, ih = oh * S - P + kh, iw = ow * S - P + kw;
                if (id < 0 || id >= D || ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                s += (double)x[((nc * D + id) * H + ih) * W + iw];
            }
    y[nc * OD * OH * OW + o] = (float)(s / (K * K * K));
}
