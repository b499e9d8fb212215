// StyleGAN pixel norm on NCHW: every pixel's feature vector is divided by its RMS over channels,
//   y[n, c, p] = x[n, c, p] / sqrt(mean_c x[n, c, p]^2 + eps).
// grid = (ceil(HW / 128), N); one thread per pixel walks the channels with stride HW.
__global__ void pixel_norm_nchw(const float* __restrict__ x, float* __restrict__ y,
                                int C, int HW, float eps) {
    const int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= HW) return;
    const size_t base = (size_t)blockIdx.y * C * HW + p;

    float ss = 0.0f;
    for (int c = 0; c < C; ++c) {
        const float v = x[base + (size_t)c * HW];
        ss += v * v;
    }
    const float scale = 1.0f / (sqrtf(ss / C) + eps);
    for (int c = 0; c < C; ++c)
        y[base + (size_t)c * HW] = x[base + (size_t)c * HW] * scale;
}
