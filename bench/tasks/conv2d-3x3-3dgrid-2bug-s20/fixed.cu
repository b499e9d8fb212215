#include <cuda_runtime.h>

// nn.Conv2d(Cin, Cout, kernel_size=3, stride=1, padding=1, bias=True), NCHW, direct.
// 3-D grid: x/y tiles of 16x16 output pixels, blockIdx.z = n * Cout + oc.
#define KS 3
#define PAD 1

__global__ void conv2d_3x3_direct(const float* __restrict__ x, const float* __restrict__ w,
                                  const float* __restrict__ bias, float* __restrict__ y,
                                  int Cin, int Cout, int H, int W) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    const int n = blockIdx.z / Cout;
    const int oc = blockIdx.z % Cout;
    if (ow >= W || oh >= H) return;

    float acc = __ldg(bias + oc);
    for (int ic = 0; ic < Cin; ++ic) {
        const float* __restrict__ xp = x + ((size_t)n * Cin + ic) * H * W;
        const float* __restrict__ wp = w + ((size_t)oc * Cin + ic) * KS * KS;
#pragma unroll
        for (int kh = 0; kh < KS; ++kh) {
            const int ih = oh + kh - PAD;
            if (ih < 0 || ih >= H) continue;
#pragma unroll
            for (int kw = 0; kw < KS; ++kw) {
                const int iw = ow + kw - PAD;
                if (iw < 0 || iw >= W) continue;
                acc += __ldg(xp + ih * W + iw) * __ldg(wp + kh * KS + kw);
            }
        }
    }
    y[(((size_t)n * Cout + oc) * H + oh) * W + ow] = acc;
}
