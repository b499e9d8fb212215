// Fused affine_grid + grid_sample (bilinear, zeros padding, align_corners = true).
// in: [N, C, H, W], theta: [N, 2, 3], out: [N, C, OH, OW]; grid = (OW/16, OH/16, N), block 16x16.
__device__ __forceinline__ float norm_coord(int i, int n) {
    // pixel index -> [-1, 1]
    return 2 * i / (n - 1) - 1.0f;
}

__device__ __forceinline__ float fetch(const float* img, int H, int W, int y, int x) {
    return (y >= 0 && y < H && x >= 0 && x < W) ? img[y * W + x] : 0.0f;
}

__global__ void affine_grid_sample(const float* __restrict__ in, const float* __restrict__ theta,
                                   float* __restrict__ out, int C, int H, int W, int OH, int OW) {
    const int ox = blockIdx.x * blockDim.x + threadIdx.x;
    const int oy = blockIdx.y * blockDim.y + threadIdx.y;
    const int n = blockIdx.z;
    if (ox >= OW || oy >= OH) return;

    const float* t = theta + n * 6;
    const float gx = norm_coord(ox, OW);
    const float gy = norm_coord(oy, OH);
    const float sx = t[0] * gx + t[1] * gy + t[2];
    const float sy = t[3] * gx + t[4] * gy + t[5];
    const float ix = (sx + 1.0f) * 0.5f * (W - 1);
    const float iy = (sy + 1.0f) * 0.5f * (H - 1);

    const int x0 = (int)floorf(ix), y0 = (int)floorf(iy);
    const float fx = ix - x0, fy = iy - y0;
    for (int c = 0; c < C; ++c) {
        const float* img = in + ((size_t)n * C + c) * H * W;
        const float v = (1.0f - fy) * ((1.0f - fx) * fetch(img, H, W, y0, x0) + fx * fetch(img, H, W, y0, x0 + 1)) +
                        fy * ((1.0f - fx) * fetch(img, H, W, y0 + 1, x0) + fx * fetch(img, H, W, y0 + 1, x0 + 1));
        out[(((size_t)n * C + c) * OH + oy) * OW + ox] = v;
    }
}
