import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

conv3d_cuda_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <c10/util/Optional.h>

__global__ void conv3d_forward_kernel(
    const float* __restrict__ input,
    const float* __restrict__ weight,
    const float* __restrict__ bias,
    float* __restrict__ output,
    int N, int C_in, int D, int H, int W,
    int C_out, int KD, int KH, int KW,
    int D_out, int H_out, int W_out,
    int stride, int padding, int dilation,
    bool has_bias)
{
    long total = (long)N * C_out * D_out * H_out * W_out;
    for (long index = blockIdx.x * (long)blockDim.x + threadIdx.x;
         index < total;
         index += (long)blockDim.x * gridDim.x) {
        int w_out = index % W_out;
        int h_out = (index / W_out) % H_out;
        int d_out = (index / ((long)W_out * H_out)) % D_out;
        int c_out = (index / ((long)W_out * H_out * D_out)) % C_out;
        int n = index / ((long)W_out * H_out * D_out * C_out);

        float value = has_bias ? bias[c_out] : 0.0f;

        for (int c_in = 0; c_in < C_in; ++c_in) {
            for (int kd = 0; kd < KD; ++kd) {
                int d_in = d_out * stride - padding + kd * dilation;
                if (d_in < 0 || d_in >= D) continue;
                for (int kh = 0; kh < KH; ++kh) {
                    int h_in = h_out * stride - padding + kh * dilation;
                    if (h_in < 0 || h_in >= H) continue;
                    for (int kw = 0; kw < KW; ++kw) {
                        int w_in = w_out * stride - padding + kw * dilation;
                        if (w_in < 0 || w_in >= W) continue;
                        long input_idx = (((long)(n * C_in + c_in) * D + d_in) * H + h_in) * W + w_in;
                        long weight_idx = (((long)(c_out * C_in + c_in) * KD + kd) * KH + kh) * KW + kw;
                        value += input[input_idx] * weight[weight_idx];
                    }
                }
            }
        }
        output[index] = value;
    }
}

torch::Tensor conv3d_forward(torch::Tensor input, torch::Tensor weight,
                             c10::optional<torch::Tensor> bias,
                             int stride, int padding, int dilation) {
    input = input.contiguous();
    weight = weight.contiguous();

    int N = input.size(0);
    int C_in = input.size(1);
    int D = input.size(2);
    int H = input.size(3);
    int W = input.size(4);

    int C_out = weight.size(0);
    int KD = weight.size(2);
    int KH = weight.size(3);
    int KW = weight.size(4);

    int D_out = (D + 2 * padding - dilation * (KD - 1) - 1) / stride + 1;
    int H_out = (H + 2 * padding - dilation * (KH - 1) - 1) / stride + 1;
    int W_out = (W + 2 * padding - dilation * (KW - 1) - 1) / stride + 1;

    auto output = torch::empty({N, C_out, D_out, H_out, W_out}, input.options());

    bool has_bias = bias.has_value() && bias.value().defined();
    torch::Tensor bias_t;
    if (has_bias) {
        bias_t = bias.value().contiguous();
    }
    const float* bias_ptr = has_bias ? bias_t.data_ptr<float>() : nullptr;

    long total = (long)N * C_out * D_out * H_out * W_out;
    const int threads = 256;
    int blocks = (int)std::min<long>((total + threads - 1) / threads, 65535L);

    conv3d_forward_kernel<<<blocks, threads>>>(
        input.data_ptr<float>(), weight.data_ptr<float>(), bias_ptr, output.data_ptr<float>(),
        N, C_in, D, H, W, C_out, KD, KH, KW, D_out, H_out, W_out,
        stride, padding, dilation, has_bias);

    return output;
}
"""

conv3d_cpp_source = """
torch::Tensor conv3d_forward(torch::Tensor input, torch::Tensor weight,
                             c10::optional<torch::Tensor> bias,
                             int stride, int padding, int dilation);
"""

conv3d_module = load_inline(
    name="conv3d_module",
    cpp_sources=conv3d_cpp_source,
    cuda_sources=conv3d_cuda_source,
    functions=["conv3d_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    Performs a standard 3D convolution operation using a custom CUDA kernel.
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1, padding: int = 0, dilation: int = 1, groups: int = 1, bias: bool = False):
        super(ModelNew, self).__init__()
        assert groups == 1, "Only groups=1 is supported by the custom kernel"
        # Keep an nn.Conv3d to hold the parameters (same init as the reference)
        self.conv3d = nn.Conv3d(in_channels, out_channels, (kernel_size, kernel_size, kernel_size),
                                stride=stride, padding=padding, dilation=dilation, groups=groups, bias=bias)
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.conv3d_module = conv3d_module

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv3d_module.conv3d_forward(x, self.conv3d.weight, self.conv3d.bias,
                                                 self.stride, self.padding, self.dilation)
