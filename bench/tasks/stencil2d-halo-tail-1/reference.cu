__global__ void smooth5_ref(const float* img, float* dst, int H, int W) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= H * W) return;
    int y = i / W, x = i % W;
    float s = 0.0f;
    if (x > 0) s += img[i - 1];
    if (x + 1 < W) s += img[i + 1];
    if (y > 0) s += img[i - W];
    if (y + 1 < H) s += img[i + W];
    dst[i] = 0.5f * img[i] + 0.125f * s;
}
