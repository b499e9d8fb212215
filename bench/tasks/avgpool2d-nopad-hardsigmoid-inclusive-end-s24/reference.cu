// Reference: one thread per output pixel (y: plane), half-open window, explicit valid-element count.
__global__ void avgpool2d_hardsigmoid_ref(const float* input, float* output,
                                          int H, int W, int H_out, int W_out,
                                          int kernel_size, int stride, int padding) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    int nc = blockIdx.y;
    if (p >= H_out * W_out) return;
    int ow = p % W_out;
    int oh = p / W_out;
    double s = 0.0;
    int cnt = 0;
    for (int kh = 0; kh < kernel_size; ++kh) {
        int ih = oh * stride - padding + kh;
        if (ih < 0 || ih >= H) continue;
        for (int kw = 0; kw < kernel_size; ++kw) {
            int iw = ow * stride - padding + kw;
            if (iw < 0 || iw >= W) continue;
            s += (double)input[((long long)nc * H + ih) * W + iw];
            cnt += 1;
        }
    }
    double m = s / cnt;
    double r = m / 6.0 + 0.5;
    if (r < 0.0) r = 0.0;
    if (r > 1.0) r = 1.0;
    output[(long long)nc * H_out * W_out + p] = (float)r;
}
