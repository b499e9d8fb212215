__global__ void blur_ref(const float *img, float *out, int H, int W) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= H * W) return;
    int y = i / W, x = i % W;
    int xl = x > 0 ? x - 1 : 0, xr = x + 1 < W ? x + 1 : W - 1;
    out[i] = (img[y * W + xl] + img[y * W + x] + img[y * W + xr]) * (1.0f / 3.0f);
}
