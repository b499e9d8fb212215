#include <cuda_runtime.h>

#define KS 3
#define PAD 1

// Depthwise 3x3 convolution, stride 1, zero padding 1, channels-last.
//   in   : [N, H, W, C]
//   wgt  : [KS, KS, C]   (HWC filter layout, as exported by TF / channels-last PyTorch)
//   bias : [C]
//   out  : [N, H, W, C]
// grid = (ceil(C / blockDim.x), ceil(W / blockDim.y), N * H): threadIdx.x walks channels
// so that neighbouring threads touch neighbouring addresses.
__global__ void dwconv3x3_nhwc(const float* __restrict__ in, const float* __restrict__ wgt,
                               const float* __restrict__ bias, float* __restrict__ out,
                               int N, int H, int W, int C) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int ox = blockIdx.y * blockDim.y + threadIdx.y;
    const int n = blockIdx.z / H;
    const int oy = blockIdx.z % H;
    if (c >= C || ox >= W || n >= N) return;

    float acc = bias[c];
#pragma unroll
    for (int ky = 0; ky < KS; ++ky) {
        const int iy = oy + ky - PAD;
        if (iy < 0 || iy >= H) continue;
#pragma unroll
        for (int kx = 0; kx < KS; ++kx) {
            const int ix = ox + kx - PAD;
            if (ix < 0 || ix >= W) continue;
            const float v = in[(((size_t)n * H + iy) * W + ix) * C + c];
            acc += v * wgt[(ky * KS + kx) * C + c];
        }
    }
    out[(((size_t)n * H + oy) * W + ox) * C + c] = acc;
}
