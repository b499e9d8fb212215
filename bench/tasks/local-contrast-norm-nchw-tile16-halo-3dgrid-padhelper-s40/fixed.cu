// Local contrast normalisation (per channel, 5x5 window, zero-padded, count excludes padding):
//   mu  = mean of x over the in-image part of the window around (h, w)
//   var = mean of x^2 over the same pixels - mu^2
//   y[n, c, h, w] = (x[n, c, h, w] - mu) / sqrt(var + eps)
// x, y: [N, C, H, W] float32.
//
// grid = (ceil(W / 16), ceil(H / 16), N * C), block = 16 x 16. Each block stages a
// (16 + 2R) x (16 + 2R) tile with its halo in shared memory (out-of-image pixels as 0), then
// every thread sums its 5x5 window from the tile.

#include <cuda_runtime.h>

#define LCN_TILE 16
#define LCN_R 2
#define LCN_SPAN (LCN_TILE + 2 * LCN_R)

// pixel (h, w) of one H x W plane, 0 outside the image
__device__ __forceinline__ float load_zero_pad(const float* __restrict__ plane, int h, int w, int H, int W) {
    if (h < 0 || w < 0 || h >= H || w >= W) return 0.0f;
    return __ldg(plane + (size_t)h * W + w);
}

__global__ void lcn5x5_nchw_kernel(const float* __restrict__ x, float* __restrict__ y,
                                   int H, int W, float eps) {
    __shared__ float tile[LCN_SPAN][LCN_SPAN + 1];

    const size_t plane_off = (size_t)blockIdx.z * H * W;
    const float* xp = x + plane_off;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int h_base = blockIdx.y * LCN_TILE - LCN_R;
    const int w_base = blockIdx.x * LCN_TILE - LCN_R;

    for (int i = ty; i < LCN_SPAN; i += blockDim.y)
        for (int j = tx; j < LCN_SPAN; j += blockDim.x)
            tile[i][j] = load_zero_pad(xp, h_base + i, w_base + j, H, W);
    __syncthreads();

    const int h = blockIdx.y * LCN_TILE + ty;
    const int w = blockIdx.x * LCN_TILE + tx;
    if (h >= H || w >= W) return;

    float s = 0.0f, ss = 0.0f;
#pragma unroll
    for (int di = 0; di <= 2 * LCN_R; ++di) {
#pragma unroll
        for (int dj = 0; dj <= 2 * LCN_R; ++dj) {
            const float v = tile[ty + di][tx + dj];
            s += v;
            ss = fmaf(v, v, ss);
        }
    }
    const int rows = min(h + LCN_R, H - 1) - max(h - LCN_R, 0) + 1;
    const int cols = min(w + LCN_R, W - 1) - max(w - LCN_R, 0) + 1;
    const float inv_cnt = 1.0f / (float)(rows * cols);
    const float mu = s * inv_cnt;
    const float var = fmaxf(ss * inv_cnt - mu * mu, 0.0f);
    y[plane_off + (size_t)h * W + w] = (tile[ty + LCN_R][tx + LCN_R] - mu) * rsqrtf(var + eps);
}
