#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cfloat>

// nn.MaxPool2d(kernel_size=K, stride=S, padding=P, dilation=DL, return_indices=True), NCHW.
//   OH = (H + 2P - DL*(K-1) - 1) / S + 1   (same for OW)
// indices hold the flat position h * W + w of the max inside its input plane, as torch does.
// 1-D grid-stride loop over all N*C*OH*OW outputs.

__device__ __forceinline__ float fetch_padded(const float* __restrict__ plane,
                                              int h, int w, int H, int W) {
    const bool inside = (h >= 0) && (h < H) && (w >= 0) && (w < W);
    return inside ? plane[h * W + w] : 0.0f;
}

__global__ void maxpool2d_dilated_idx_kernel(const float* __restrict__ x,
                                             float* __restrict__ y,
                                             int64_t* __restrict__ indices,
                                             int total, int H, int W, int OH, int OW,
                                             int K, int S, int P, int DL) {
    for (int o = blockIdx.x * blockDim.x + threadIdx.x; o < total; o += blockDim.x * gridDim.x) {
        const int ow = o % OW;
        const int oh = (o / OW) % OH;
        const int plane = o / (OW * OH);
        const float* __restrict__ xp = x + (size_t)plane * H * W;

        const int h0 = oh * S - P;
        const int w0 = ow * S - P;
        float best = -FLT_MAX;
        int64_t best_idx = -1;
        for (int kh = 0; kh < K; ++kh) {
            const int ih = h0 + kh * DL;
            for (int kw = 0; kw < K; ++kw) {
                const int iw = w0 + kw * DL;
                const float v = fetch_padded(xp, ih, iw, H, W);
                if (v > best) {
                    best = v;
                    best_idx = (int64_t)ih * OW + iw;
                }
            }
        }
        y[o] = best;
        indices[o] = best_idx;
    }
}

std::vector<torch::Tensor> maxpool2d_dilated(torch::Tensor x, int K, int S, int P, int DL) {
    const int N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    const int OH = (H + 2 * P - DL * (K - 1) - 1) / S + 1;
    const int OW = (W + 2 * P - DL * (K - 1) - 1) / S + 1;
    auto y = torch::empty({N, C, OH, OW}, x.options());
    auto idx = torch::empty({N, C, OH, OW}, x.options().dtype(torch::kLong));
    const int total = N * C * OH * OW;
    const int threads = 128;
    const int blocks = std::min((total + threads - 1) / threads, 64);
    maxpool2d_dilated_idx_kernel<<<blocks, threads>>>(x.data_ptr<float>(), y.data_ptr<float>(),
                                                      idx.data_ptr<int64_t>(), total, H, W, OH, OW,
                                                      K, S, P, DL);
    return {y, idx};
}
