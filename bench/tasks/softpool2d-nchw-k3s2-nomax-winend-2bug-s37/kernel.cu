#include <torch/extension.h>
#include <cuda_runtime.h>

// SoftPool2d (Stergiou et al., 2021) on NCHW, no padding:
//   out[n, c, ho, wo] = sum_{(i,j) in window} e_ij * x_ij / sum_{(i,j) in window} e_ij,
//   e_ij = exp(x_ij),  window = rows [ho*S, ho*S + K) x cols [wo*S, wo*S + K)
// HO = (H - K) / S + 1, WO = (W - K) / S + 1.
// Flat grid-stride loop over the outputs, 64-bit indices.

template <int K, int S>
__global__ void softpool2d_nchw_kernel(const float* __restrict__ x, float* __restrict__ y,
                                       int NC, int H, int W, int HO, int WO) {
    const int64_t total = (int64_t)NC * HO * WO;
    for (int64_t idx = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; idx < total;
         idx += (int64_t)blockDim.x * gridDim.x) {
        const int wo = (int)(idx % WO);
        const int ho = (int)((idx / WO) % HO);
        const int64_t nc = idx / ((int64_t)WO * HO);
        const float* plane = x + nc * H * W;

        const int hs = ho * S, ws = wo * S;
        const int he = min(hs + K, H - 1);
        const int we = min(ws + K, W - 1);

        float num = 0.0f, den = 0.0f;
        for (int i = hs; i < he; ++i) {
            for (int j = ws; j < we; ++j) {
                const float v = plane[(int64_t)i * W + j];
                const float e = __expf(v);
                num = fmaf(e, v, num);
                den += e;
            }
        }
        y[idx] = num / den;
    }
}

torch::Tensor softpool2d(torch::Tensor x) {
    TORCH_CHECK(x.dim() == 4 && x.is_contiguous() && x.scalar_type() == torch::kFloat32);
    constexpr int K = 3, S = 2;
    const int N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    TORCH_CHECK(H >= K && W >= K);
    const int HO = (H - K) / S + 1, WO = (W - K) / S + 1;
    auto y = torch::empty({N, C, HO, WO}, x.options());
    const int64_t total = (int64_t)N * C * HO * WO;
    const int threads = 256;
    const int blocks = (int)std::min<int64_t>((total + threads - 1) / threads, 1024);
    softpool2d_nchw_kernel<K, S><<<blocks, threads>>>(x.data_ptr<float>(), y.data_ptr<float>(),
                                                      N * C, H, W, HO, WO);
    return y;
}
