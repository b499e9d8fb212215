#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.Conv2d(in_channels, out_channels, kernel_size=K, stride=S, padding=P, groups=G, bias=True)
// NCHW, direct convolution. 3-D grid: x/y tile the output plane with 16x16 blocks,
// z enumerates (n, oc). Weight layout [C_out, C_in / G, K, K] as in PyTorch.

#define BLOCK_X 16
#define BLOCK_Y 16
#define IDX4(a, b, c, d, B_, C_, D_) ((((size_t)(a) * (B_) + (b)) * (C_) + (c)) * (D_) + (d))

__global__ void conv2d_grouped_kernel(const float* __restrict__ x,
                                      const float* __restrict__ w,
                                      const float* __restrict__ bias,
                                      float* __restrict__ y,
                                      int C_in, int H, int W,
                                      int C_out, int H_out, int W_out,
                                      int K, int S, int P, int G) {
    const int ow = blockIdx.x * BLOCK_X + threadIdx.x;
    const int oh = blockIdx.y * BLOCK_Y + threadIdx.y;
    const int n = blockIdx.z / C_out;
    const int oc = blockIdx.z % C_out;
    if (ow >= W_out || oh >= H_out) return;

    const int cin_per_g = C_in / G;
    const int cout_per_g = C_out / G;
    const int g = oc / cout_per_g;
    const int ic0 = g * cin_per_g;   // first input channel of this group

    float acc = bias[oc];
    for (int icg = 0; icg < cin_per_g; ++icg) {
        const int ic = ic0 + icg;
        for (int kh = 0; kh < K; ++kh) {
            const int ih = oh * S - P + kh;
            if (ih < 0 || ih >= H) continue;
            for (int kw = 0; kw < K; ++kw) {
                const int iw = ow * S - P + kw;
                if (iw < 0 || iw >= W) continue;
                acc += x[IDX4(n, ic, ih, iw, C_in, H, W)] *
                       w[IDX4(oc, icg, kh, kw, cin_per_g, K, K)];
            }
        }
    }
    y[IDX4(n, oc, oh, ow, C_out, H_out, W_out)] = acc;
}

torch::Tensor conv2d_grouped(torch::Tensor x, torch::Tensor w, torch::Tensor b,
                             int stride, int padding, int groups) {
    const int N = x.size(0), C_in = x.size(1), H = x.size(2), W = x.size(3);
    const int C_out = w.size(0), K = w.size(2);
    const int H_out = (H + 2 * padding - K) / stride + 1;
    const int W_out = (W + 2 * padding - K) / stride + 1;
    auto y = torch::empty({N, C_out, H_out, W_out}, x.options());
    dim3 block(BLOCK_X, BLOCK_Y);
    dim3 grid((W_out + BLOCK_X - 1) / BLOCK_X, (H_out + BLOCK_Y - 1) / BLOCK_Y, N * C_out);
    conv2d_grouped_kernel<<<grid, block>>>(x.data_ptr<float>(), w.data_ptr<float>(),
                                           b.data_ptr<float>(), y.data_ptr<float>(),
                                           C_in, H, W, C_out, H_out, W_out, K, stride, padding,
                                           groups);
    return y;
}
