#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.ReflectionPad2d((pad_left, pad_right, pad_top, pad_bottom)) on NCHW.
// "reflect" mirrors around the edge element without repeating it:
//   index -1 -> 1, -2 -> 2, ...,  index n -> n - 2, n + 1 -> n - 3, ...
// (requires pad < n on every side).
//
// Each thread owns one spatial output position (n, oh, ow) and walks over the C channels,
// so the reflected source offset is computed once per position. 1-D grid-stride loop.

__device__ __forceinline__ int reflect_idx(int i, int n) {
    if (i < 0) i = -i;
    if (i >= n) i = 2 * n - 1 - i;
    return i;
}

__global__ void reflection_pad2d_kernel(const float* __restrict__ x,
                                        float* __restrict__ y,
                                        int N, int C, int H, int W,
                                        int pad_left, int pad_top,
                                        int OH, int OW) {
    const long long plane_in = (long long)H * W;
    const long long plane_out = (long long)OH * OW;
    const long long total = (long long)N * plane_out;
    const long long step = (long long)blockDim.x * gridDim.x;

    for (long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x; idx < total; idx += step) {
        const int ow = (int)(idx % OW);
        const int oh = (int)((idx / OW) % OH);
        const int n = (int)(idx / plane_out);

        const int ih = reflect_idx(oh - pad_top, H);
        const int iw = reflect_idx(ow - pad_left, W);

        const float* __restrict__ src = x + (long long)n * C * plane_in + (long long)ih * W + iw;
        float* __restrict__ dst = y + (long long)n * C * plane_out + (long long)oh * OW + ow;
        for (int c = 0; c < C; ++c) {
            dst[c * plane_out] = src[c * plane_in];
        }
    }
}

torch::Tensor reflection_pad2d(torch::Tensor x, int64_t pl, int64_t pr, int64_t pt, int64_t pb) {
    const int N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    const int OH = H + pt + pb, OW = W + pl + pr;
    auto y = torch::empty({N, C, OH, OW}, x.options());
    const long long total = (long long)N * OH * OW;
    int blocks = (int)std::min<long long>((total + 255) / 256, 4);
    reflection_pad2d_kernel<<<blocks, 256>>>(x.data_ptr<float>(), y.data_ptr<float>(), N, C, H, W,
                                             (int)pl, (int)pt, OH, OW);
    return y;
}
