#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.Unfold(kernel_size=3, padding=pad, stride=stride) (im2col) on a contiguous NCHW tensor:
//   out[n, (c*KH + ki)*KW + kj, oh*OW + ow] = x[n, c, oh*stride - pad + ki, ow*stride - pad + kj]
// (zero outside the image). One thread per output element, 64-bit grid-stride loop.

#define KH 3
#define KW 3

// Zero-padded read of one input plane. A single unsigned comparison per coordinate covers
// both the negative side (wraps to a huge value) and the far side.
__device__ __forceinline__ float fetch_padded(const float* __restrict__ plane, int ih, int iw,
                                              int H, int W) {
    if ((unsigned)ih > (unsigned)H || (unsigned)iw >= (unsigned)W) return 0.0f;
    return plane[ih * W + iw];
}

__global__ void unfold_k3_kernel(const float* __restrict__ x, float* __restrict__ out,
                                 int N, int C, int H, int W, int OH, int OW,
                                 int stride, int pad) {
    const long long L = (long long)OH * OW;
    const long long rows = (long long)C * KH * KW;
    const long long total = (long long)N * rows * L;
    for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x; t < total;
         t += (long long)gridDim.x * blockDim.x) {
        const long long l = t % L;
        const long long r = (t / L) % rows;
        const long long n = t / (L * rows);
        const int kj = (int)(r % KW);
        const int ki = (int)((r / KW) % KH);
        const int c = (int)(r / (KH * KW));
        const int oh = (int)(l / OW), ow = (int)(l % OW);
        const int ih = oh * stride - pad + ki;
        const int iw = ow * stride - pad + kj;
        const float* plane = x + ((size_t)n * C + c) * H * W;
        out[t] = fetch_padded(plane, ih, iw, H, W);
    }
}

torch::Tensor unfold_k3(torch::Tensor x, int64_t stride, int64_t pad) {
    auto xc = x.contiguous();
    const int N = xc.size(0), C = xc.size(1), H = xc.size(2), W = xc.size(3);
    const int OH = (H + 2 * pad - KH) / stride + 1;
    const int OW = (W + 2 * pad - KW) / stride + 1;
    auto out = torch::empty({N, C * KH * KW, OH * OW}, xc.options());
    const long long total = out.numel();
    int blocks = (int)std::min<long long>((total + 255) / 256, 2048);
    unfold_k3_kernel<<<blocks, 256>>>(xc.data_ptr<float>(), out.data_ptr<float>(), N, C, H, W,
                                      OH, OW, (int)stride, (int)pad);
    return out;
}
