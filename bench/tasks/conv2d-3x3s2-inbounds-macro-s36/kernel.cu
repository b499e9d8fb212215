// Direct 3x3 convolution, stride 2, zero padding 1 (a ResNet-style downsampling conv):
//   x: [N, CIN, H, W], w: [COUT, CIN, 3, 3], b: [COUT]  ->  y: [N, COUT, HO, WO]
//   HO = (H + 2*PAD - KS) / STRIDE + 1, WO likewise.
// 3-D launch: grid = (ceil(WO/16), ceil(HO/16), N*COUT), block = (16, 16);
// one output pixel per thread.

#include <cuda_runtime.h>

#define KS 3
#define STRIDE 2
#define PAD 1
#define TILE 16

// is (h, w) a real pixel of an H x W image (padding taps are skipped)
#define IN_IMAGE(h, w, H, W) ((h) >= 0 && (h) < (H) && (w) >= 0 && (w) <= (W))

__global__ void conv2d_k3s2(const float* __restrict__ x, const float* __restrict__ w,
                            const float* __restrict__ b, float* __restrict__ y,
                            int CIN, int COUT, int H, int W, int HO, int WO) {
    const int ow = blockIdx.x * TILE + threadIdx.x;
    const int oh = blockIdx.y * TILE + threadIdx.y;
    const int n = blockIdx.z / COUT;
    const int co = blockIdx.z % COUT;
    if (oh >= HO || ow >= WO) return;

    const int ih0 = oh * STRIDE - PAD;
    const int iw0 = ow * STRIDE - PAD;
    const float* xn = x + (size_t)n * CIN * H * W;
    const float* wc = w + (size_t)co * CIN * KS * KS;

    float acc = b[co];
    for (int ci = 0; ci < CIN; ++ci) {
        const float* xp = xn + (size_t)ci * H * W;
        const float* wp = wc + ci * KS * KS;
#pragma unroll
        for (int kh = 0; kh < KS; ++kh) {
#pragma unroll
            for (int kw = 0; kw < KS; ++kw) {
                const int ih = ih0 + kh, iw = iw0 + kw;
                if (IN_IMAGE(ih, iw, H, W))
                    acc += xp[ih * W + iw] * wp[kh * KS + kw];
            }
        }
    }
    y[(((size_t)n * COUT + co) * HO + oh) * WO + ow] = acc;
}
