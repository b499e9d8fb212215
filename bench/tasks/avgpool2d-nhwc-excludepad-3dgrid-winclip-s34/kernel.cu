#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.AvgPool2d(kernel_size=K, stride=S, padding=P, ceil_mode=False, count_include_pad=False)
// on a channels-last (NHWC) tensor: x [N, H, W, C] -> y [N, Ho, Wo, C].
// 3-D grid: x covers channels (32 per block), y the output column, z = n * Ho + output row.
// The divisor is the number of window taps that fall inside the image (padding excluded).

#define NHWC(n, h, w, c, H_, W_, C_) ((((size_t)(n) * (H_) + (h)) * (W_) + (w)) * (C_) + (c))

// clipped [lo, hi) range of one window dimension
__device__ __forceinline__ void window_1d(int o, int stride, int pad, int k, int size, int& lo, int& hi) {
    const int start = o * stride - pad;
    lo = max(start, 0);
    hi = min(start + k, size);
}

__global__ void avgpool2d_nhwc_kernel(const float* __restrict__ x, float* __restrict__ y,
                                      int N, int H, int W, int C, int Ho, int Wo,
                                      int K, int S, int P) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int ow = blockIdx.y;
    const int n = blockIdx.z / Ho;
    const int oh = blockIdx.z % Ho;
    if (c >= C || n >= N) return;

    int h0, h1, w0, w1;
    window_1d(oh, S, P, K, W, h0, h1);
    window_1d(ow, S, P, K, W, w0, w1);

    float acc = 0.0f;
    for (int h = h0; h < h1; ++h)
        for (int w = w0; w < w1; ++w)
            acc += x[NHWC(n, h, w, c, H, W, C)];

    const int cnt = (h1 - h0) * (w1 - w0);
    y[NHWC(n, oh, ow, c, Ho, Wo, C)] = acc / (float)cnt;
}

torch::Tensor avgpool2d_nhwc(torch::Tensor x, int64_t K, int64_t S, int64_t P) {
    // x is [N, H, W, C] contiguous (channels_last storage viewed as NHWC)
    const int N = x.size(0), H = x.size(1), W = x.size(2), C = x.size(3);
    const int Ho = (H + 2 * P - K) / S + 1;
    const int Wo = (W + 2 * P - K) / S + 1;
    auto y = torch::empty({N, Ho, Wo, C}, x.options());
    dim3 block(32);
    dim3 grid((C + 31) / 32, Wo, N * Ho);
    avgpool2d_nhwc_kernel<<<grid, block>>>(x.data_ptr<float>(), y.data_ptr<float>(),
                                           N, H, W, C, Ho, Wo, (int)K, (int)S, (int)P);
    return y;
}
