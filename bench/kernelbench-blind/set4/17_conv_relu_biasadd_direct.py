import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

conv_relu_bias_src = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

// Direct convolution (stride 1, no padding) + conv bias, ReLU, then the extra per-channel bias.
__global__ void conv2d_relu_biasadd_kernel(
        const float* __restrict__ input,     // [N, Cin, H, W]
        const float* __restrict__ weight,    // [Cout, Cin, KH, KW]
        const float* __restrict__ conv_bias, // [Cout]
        const float* __restrict__ extra_bias,// [Cout] (stored as [Cout, 1, 1])
        float* __restrict__ output,          // [N, Cout, OH, OW]
        int N, int Cin, int H, int W, int Cout, int KH, int KW, int OH, int OW) {
    const int total = N * Cout * OH * OW;
    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total; idx += blockDim.x * gridDim.x) {
        int ow = idx % OW;
        int oh = (idx / OW) % OH;
        int co = (idx / (OW * OH)) % Cout;
        int n = idx / (OW * OH * Cout);

        float acc = conv_bias[co];
        for (int ci = 0; ci < Cin; ++ci) {
            const float* in_c = input + ((n * Cin + ci) * H) * W;
            const float* w_c = weight + ((co * Cin + ci) * KH) * KW;
            for (int kh = 0; kh < KH; ++kh) {
                #pragma unroll 3
                for (int kw = 0; kw < KW; ++kw) {
                    acc += in_c[(oh + kh) * W + (ow + kw)] * w_c[kh * KW + kw];
                }
            }
        }
        acc = fmaxf(acc, 0.0f);
        output[idx] = acc + extra_bias[co];
    }
}

torch::Tensor conv_relu_biasadd(torch::Tensor input, torch::Tensor weight,
                                torch::Tensor conv_bias, torch::Tensor extra_bias) {
    TORCH_CHECK(input.is_cuda(), "input must be CUDA");
    input = input.contiguous();
    weight = weight.contiguous();
    const int N = input.size(0), Cin = input.size(1), H = input.size(2), W = input.size(3);
    const int Cout = weight.size(0), KH = weight.size(2), KW = weight.size(3);
    const int OH = H - KH + 1;
    const int OW = W - KW + 1;
    auto output = torch::empty({N, Cout, OH, OW}, input.options());

    const int total = N * Cout * OH * OW;
    const int threads = 256;
    int blocks = (total + threads - 1) / threads;
    blocks = std::min(blocks, 65535);
    conv2d_relu_biasadd_kernel<<<blocks, threads>>>(
        input.data_ptr<float>(), weight.data_ptr<float>(), conv_bias.data_ptr<float>(),
        extra_bias.data_ptr<float>(), output.data_ptr<float>(),
        N, Cin, H, W, Cout, KH, KW, OH, OW);
    return output;
}
"""

conv_relu_bias_cpp = """
torch::Tensor conv_relu_biasadd(torch::Tensor input, torch::Tensor weight,
                                torch::Tensor conv_bias, torch::Tensor extra_bias);
"""

conv_relu_bias = load_inline(
    name="conv_relu_biasadd_direct",
    cpp_sources=conv_relu_bias_cpp,
    cuda_sources=conv_relu_bias_src,
    functions=["conv_relu_biasadd"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, bias_shape):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.bias = nn.Parameter(torch.randn(bias_shape))

    def forward(self, x):
        return conv_relu_bias.conv_relu_biasadd(x, self.conv.weight, self.conv.bias, self.bias.view(-1))
