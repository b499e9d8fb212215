#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.AvgPool2d(kernel_size=K, stride=S, padding=P, ceil_mode=True, count_include_pad=True), NCHW.
//   OH = ceil((H + 2P - K) / S) + 1, minus one if the last window would start in the
//   right/bottom padding (computed on the host, as torch does).
// With count_include_pad the divisor counts the padding taps, but a window that ceil_mode
// lets run past the padded input is cut at H + P (W + P) first.
// K and S are template parameters; 2-D blocks over (ow, oh), blockIdx.z = n * C + c.

template <int K, int S>
__device__ __forceinline__ int pool_window(int o, int in_size, int pad, int& lo, int& hi) {
    lo = o * S - pad;
    hi = min(lo + K, in_size + pad);
    const int span = hi - lo;  // taps counted by the divisor (padding included)
    lo = max(lo, 0);
    hi = min(hi, in_size);
    return span;
}

template <int K, int S>
__global__ void avgpool2d_ceil_kernel(const float* __restrict__ x, float* __restrict__ y,
                                      int H, int W, int OH, int OW, int P) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    if (ow >= OW || oh >= OH) return;

    const size_t plane = blockIdx.z;
    const float* __restrict__ xp = x + plane * H * W;

    int h0, h1, w0, w1;
    const int kh = pool_window<K, S>(oh, H, P, h0, h1);
    const int kw = pool_window<K, S>(ow, W, P, w0, w1);

    float sum = 0.0f;
    for (int ih = h0; ih < h1; ++ih) {
        const float* __restrict__ row = xp + (size_t)ih * W;
        for (int iw = w0; iw < w1; ++iw) sum += row[iw];
    }
    y[(plane * OH + oh) * OW + ow] = sum / (float)(kh * kw);
}

static int pooled_size(int in, int k, int s, int p) {
    int out = (in + 2 * p - k + (s - 1)) / s + 1;
    if ((out - 1) * s >= in + p) --out;
    return out;
}

torch::Tensor avgpool2d_ceil_k3s2(torch::Tensor x, int64_t P) {
    const int N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    const int OH = pooled_size(H, 3, 2, (int)P), OW = pooled_size(W, 3, 2, (int)P);
    auto y = torch::empty({N, C, OH, OW}, x.options());
    dim3 block(16, 16);
    dim3 grid((OW + 15) / 16, (OH + 15) / 16, N * C);
    avgpool2d_ceil_kernel<3, 2><<<grid, block>>>(x.data_ptr<float>(), y.data_ptr<float>(),
                                                 H, W, OH, OW, (int)P);
    return y;
}
