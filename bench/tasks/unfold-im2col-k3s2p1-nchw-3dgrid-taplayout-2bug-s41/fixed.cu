// torch.nn.functional.unfold(x, kernel_size=3, dilation=1, padding=1, stride=2)
//   x: [N, C, H, W] float32  ->  cols: [N, C * KH * KW, OH * OW] float32
//   OH = (H + 2 * PAD - KH) / STRIDE + 1, OW likewise;
//   cols[n, (c * KH + kh) * KW + kw, oh * OW + ow] = x[n, c, oh * STRIDE - PAD + kh, ow * STRIDE - PAD + kw]
//   (0 outside the image).
//
// grid = (ceil(OH * OW / 128), C, N), block = 128: one thread per (n, c, output position),
// writing all KH * KW taps of that position.

#include <cuda_runtime.h>

#define KH 3
#define KW 3
#define STRIDE 2
#define PAD 1
#define UNFOLD_THREADS 128

#define OUT_DIM(in, k) (((in) + 2 * PAD - (k)) / STRIDE + 1)

__device__ __forceinline__ float tap(const float* __restrict__ plane, int ih, int iw, int H, int W) {
    return ((unsigned)ih < (unsigned)H && (unsigned)iw < (unsigned)W) ? __ldg(plane + ih * W + iw) : 0.0f;
}

__global__ void unfold_k3s2p1(const float* __restrict__ x, float* __restrict__ cols,
                              int C, int H, int W) {
    const int OH = OUT_DIM(H, KH);
    const int OW = OUT_DIM(W, KW);
    const int L = OH * OW;

    const int p = blockIdx.x * UNFOLD_THREADS + threadIdx.x;
    const int c = blockIdx.y;
    const int n = blockIdx.z;
    if (p >= L) return;

    const int oh = p / OW;
    const int ow = p - oh * OW;
    const int ih0 = oh * STRIDE - PAD;
    const int iw0 = ow * STRIDE - PAD;

    const float* plane = x + ((size_t)n * C + c) * H * W;
    float* dst = cols + ((size_t)n * C + c) * (KH * KW) * L + p;

#pragma unroll
    for (int kh = 0; kh < KH; ++kh) {
#pragma unroll
        for (int kw = 0; kw < KW; ++kw) {
            const int row = kh * KW + kw;
            dst[(size_t)row * L] = tap(plane, ih0 + kh, iw0 + kw, H, W);
        }
    }
}
