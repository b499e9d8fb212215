// one thread per output, K=3 S=2 P=1, count_include_pad=False, double sum
__global__ void avg_pool2d_ref(const float* x, float* y, int H, int W, int Hout, int Wout) {
    const int K = 3, S = 2, P = 1;
    int ow = blockIdx.x * blockDim.x + threadIdx.x;
    int oh = blockIdx.y;
    long plane = blockIdx.z;
    if (ow >= Wout) return;
    double s = 0.0;
    int cnt = 0;
    for (int i = 0; i < K; ++i)
        for (int j = 0; j < K; ++j) {
            int ih = oh * S - P + i, iw = ow * S - P + j;
            if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
            s += (double)x[(plane * H + ih) * W + iw];
            cnt++;
        }
    y[(plane * Hout + oh) * Wout + ow] = (float)(s / cnt);
}
