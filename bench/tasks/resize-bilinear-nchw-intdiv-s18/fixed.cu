#include <cuda_runtime.h>

// Source coordinate of an output pixel, PyTorch align_corners=False convention,
// clamped at 0 on the low side.
__device__ __forceinline__ float area_pixel_src(int dst, int in_size, int out_size) {
    const float scale = (float)in_size / out_size;
    const float src = (dst + 0.5f) * scale - 0.5f;
    return src < 0.0f ? 0.0f : src;
}

// Bilinear resize of an NCHW tensor.  grid = (ceil(OW/16), ceil(OH/16), N*C), block 16x16.
__global__ void resize_bilinear_nchw(const float* __restrict__ in, float* __restrict__ out,
                                     int H, int W, int OH, int OW) {
    const int ox = blockIdx.x * blockDim.x + threadIdx.x;
    const int oy = blockIdx.y * blockDim.y + threadIdx.y;
    const int plane = blockIdx.z;
    if (ox >= OW || oy >= OH) return;

    const float fy = area_pixel_src(oy, H, OH);
    const float fx = area_pixel_src(ox, W, OW);
    const int y0 = (int)fy, x0 = (int)fx;
    const int y1 = y0 + (y0 < H - 1 ? 1 : 0);
    const int x1 = x0 + (x0 < W - 1 ? 1 : 0);
    const float wy1 = fy - y0, wy0 = 1.0f - wy1;
    const float wx1 = fx - x0, wx0 = 1.0f - wx1;

    const float* __restrict__ src = in + (size_t)plane * H * W;
    const float top = wx0 * src[y0 * W + x0] + wx1 * src[y0 * W + x1];
    const float bot = wx0 * src[y1 * W + x0] + wx1 * src[y1 * W + x1];
    out[((size_t)plane * OH + oy) * OW + ox] = wy0 * top + wy1 * bot;
}
