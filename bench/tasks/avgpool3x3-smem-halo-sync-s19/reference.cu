// one thread per output pixel (blockIdx.y = plane); 3x3 window, zero padding counted in the divisor
__global__ void avgpool_ref(const float* in, float* out, int H, int W) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= H * W) return;
    int x = i % W, y = i / W;
    long long p = blockIdx.y;
    double s = 0.0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            int yy = y + dy, xx = x + dx;
            if (yy >= 0 && yy < H && xx >= 0 && xx < W) s += in[(p * H + yy) * W + xx];
        }
    out[p * H * W + i] = (float)(s / 9.0);
}
