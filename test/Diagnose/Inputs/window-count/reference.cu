__global__ void avgpool2d_ref(const float* in, float* out, int planes, int H, int W,
                              int OH, int OW, int k, int stride, int pad) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= planes * OH * OW) return;
    int ox = t % OW, oy = (t / OW) % OH, p = t / (OW * OH);
    float s = 0.0f;
    for (int a = 0; a < k; ++a)
        for (int b = 0; b < k; ++b) {
            int y = oy * stride - pad + a, x = ox * stride - pad + b;
            if (y >= 0 && y < H && x >= 0 && x < W) s += in[(p * H + y) * W + x];
        }
    out[t] = s / (float)(k * k);
}
