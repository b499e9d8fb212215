#include <cuda_runtime.h>

#define TW 16
#define TH 16
#define HALO 1
#define SW (TW + 2 * HALO)
#define SH (TH + 2 * HALO)

// nn.AvgPool2d(3, stride=1, padding=1) with count_include_pad=True on NCHW, viewed as
// [planes = N*C, H, W]. grid = (ceil(W/16), ceil(H/16), planes), block = (16, 16).
// The block stages its 18x18 input window (zero outside the image) in shared memory.
__global__ void avgpool3x3_s1_smem(const float* __restrict__ in, float* __restrict__ out, int H, int W) {
    __shared__ float tile[SH][SW];
    const int plane = blockIdx.z;
    const int x0 = blockIdx.x * TW - HALO;
    const int y0 = blockIdx.y * TH - HALO;
    const float* __restrict__ src = in + (size_t)plane * H * W;
    const int tid = threadIdx.y * TW + threadIdx.x;

    for (int s = tid; s < SH * SW; s += TW * TH) {
        const int gy = y0 + s / SW;
        const int gx = x0 + s % SW;
        tile[s / SW][s % SW] = (gy >= 0 && gy < H && gx >= 0 && gx < W) ? src[gy * W + gx] : 0.0f;
    }
    __syncthreads();

    const int ox = blockIdx.x * TW + threadIdx.x;
    const int oy = blockIdx.y * TH + threadIdx.y;
    if (ox >= W || oy >= H) return;

    float sum = 0.0f;
#pragma unroll
    for (int dy = 0; dy < 3; ++dy)
#pragma unroll
        for (int dx = 0; dx < 3; ++dx) sum += tile[threadIdx.y + dy][threadIdx.x + dx];
    out[(size_t)plane * H * W + (size_t)oy * W + ox] = sum * (1.0f / 9.0f);
}
