// Reference: one thread per output pixel, direct (2r+1)^2 window sum in double, zero padding,
// divided by the full window area.
__global__ void box_ref(const float* x, float* y, int P, int H, int W, int r) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= (long long)P * H * W) return;
    long long w = t % W, h = (t / W) % H, p = t / ((long long)H * W);
    double s = 0.0;
    for (int dh = -r; dh <= r; ++dh) {
        long long hh = h + dh;
        if (hh < 0 || hh >= H) continue;
        for (int dw = -r; dw <= r; ++dw) {
            long long ww = w + dw;
            if (ww < 0 || ww >= W) continue;
            s += x[(p * H + hh) * W + ww];
        }
    }
    y[t] = (float)(s / ((2.0 * r + 1.0) * (2.0 * r + 1.0)));
}
