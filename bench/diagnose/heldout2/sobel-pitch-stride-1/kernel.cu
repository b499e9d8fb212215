// Sobel gradient magnitude of a pitched single-channel image (row pitch >= width, e.g. from
// cudaMallocPitch), clamp-to-edge borders, dense [H, W] output. 16x16 blocks on a 2-D grid.
__device__ __forceinline__ int clampi(int v, int lo, int hi) { return min(max(v, lo), hi); }

__device__ __forceinline__ float texel(const float* img, int pitch, int W, int H, int x, int y) {
    x = clampi(x, 0, W - 1);
    y = clampi(y, 0, H - 1);
    return img[y * W + x];
}

__global__ void sobel_magnitude(const float* __restrict__ img, float* __restrict__ mag,
                                int W, int H, int pitch) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;

    const float tl = texel(img, pitch, W, H, x - 1, y - 1), tc = texel(img, pitch, W, H, x, y - 1),
                tr = texel(img, pitch, W, H, x + 1, y - 1);
    const float ml = texel(img, pitch, W, H, x - 1, y), mr = texel(img, pitch, W, H, x + 1, y);
    const float bl = texel(img, pitch, W, H, x - 1, y + 1), bc = texel(img, pitch, W, H, x, y + 1),
                br = texel(img, pitch, W, H, x + 1, y + 1);

    const float gx = (tr + 2.0f * mr + br) - (tl + 2.0f * ml + bl);
    const float gy = (bl + 2.0f * bc + br) - (tl + 2.0f * tc + tr);
    mag[y * W + x] = sqrtf(gx * gx + gy * gy);
}
