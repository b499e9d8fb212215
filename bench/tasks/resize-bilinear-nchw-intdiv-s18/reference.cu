// one thread per output pixel of plane blockIdx.y (flat index within the plane)
__global__ void resize_ref(const float* x, float* y, int H, int W, int OH, int OW) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= OH * OW) return;
    int p = blockIdx.y;
    int ox = j % OW;
    int oy = j / OW;
    int i = p * OH * OW + j;
    float sy = ((float)H / (float)OH) * ((float)oy + 0.5f) - 0.5f;
    float sx = ((float)W / (float)OW) * ((float)ox + 0.5f) - 0.5f;
    if (sy < 0.0f) sy = 0.0f;
    if (sx < 0.0f) sx = 0.0f;
    int iy = (int)sy, ix = (int)sx;
    int iy2 = iy + 1 < H ? iy + 1 : H - 1;
    int ix2 = ix + 1 < W ? ix + 1 : W - 1;
    float ay = sy - (float)iy, ax = sx - (float)ix;
    const float* s = x + (long long)p * H * W;
    float v00 = s[iy * W + ix], v01 = s[iy * W + ix2];
    float v10 = s[iy2 * W + ix], v11 = s[iy2 * W + ix2];
    y[i] = (1.0f - ay) * ((1.0f - ax) * v00 + ax * v01) + ay * ((1.0f - ax) * v10 + ax * v11);
}
