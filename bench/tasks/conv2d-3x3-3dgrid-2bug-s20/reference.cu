// one thread per output pixel of plane blockIdx.y = n * Cout + oc, plain loops in double
__global__ void conv2d_ref(const float* x, const float* w, const float* bias, float* y,
                           int Cin, int Cout, int H, int W) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= H * W) return;
    int ow = p % W, oh = p / W;
    int oc = blockIdx.y % Cout, n = blockIdx.y / Cout;
    double s = bias[oc];
    for (int ic = 0; ic < Cin; ++ic)
        for (int kh = 0; kh < 3; ++kh)
            for (int kw = 0; kw < 3; ++kw) {
                int ih = oh + kh - 1, iw = ow + kw - 1;
                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                s += (double)x[(((long long)n * Cin + ic) * H + ih) * W + iw] *
                     (double)w[(((long long)oc * Cin + ic) * 3 + kh) * 3 + kw];
            }
    y[(long long)blockIdx.y * H * W + p] = (float)s;
}
