import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Fused Conv2d (valid padding, stride 1) + ReLU + bias add
conv_relu_bias_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void conv_relu_bias_kernel(
    const float* __restrict__ input,
    const float* __restrict__ weight,
    const float* __restrict__ conv_bias,
    const float* __restrict__ extra_bias,
    float* __restrict__ output,
    int batch_size, int in_channels, int out_channels,
    int in_h, int in_w, int kernel_size, int out_h, int out_w) {

    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int total = batch_size * out_channels * out_h * out_w;
    if (idx >= total) return;

    int ow = idx % out_w;
    int oh = (idx / out_w) % out_h;
    int oc = (idx / (out_w * out_h)) % out_channels;
    int n = idx / (out_w * out_h * out_channels);

    float sum = conv_bias[oc];
    for (int ic = 0; ic < in_channels; ++ic) {
        for (int kh = 0; kh < kernel_size; ++kh) {
            for (int kw = 0; kw < kernel_size; ++kw) {
                int ih = oh + kh;
                int iw = ow + kw;
                float in_val = input[((n * in_channels + ic) * in_h + ih) * in_w + iw];
                float w_val = weight[((oc * in_channels + ic) * kernel_size + kh) * kernel_size + kw];
                sum += in_val * w_val;
            }
        }
    }

    sum = fmaxf(sum, 0.0f);
    sum += extra_bias[oc];
    output[idx] = sum;
}

torch::Tensor conv_relu_bias_cuda(torch::Tensor input, torch::Tensor weight, torch::Tensor conv_bias, torch::Tensor extra_bias) {
    int batch_size = input.size(0);
    int in_channels = input.size(1);
    int in_h = input.size(2);
    int in_w = input.size(3);
    int out_channels = weight.size(0);
    int kernel_size = weight.size(2);
    int out_h = in_h - kernel_size + 1;
    int out_w = in_w - kernel_size + 1;

    auto output = torch::empty({batch_size, out_channels, out_h, out_w}, input.options());

    int total = batch_size * out_channels * out_h * out_w;
    const int block_size = 256;
    const int num_blocks = (total + block_size - 1) / block_size;

    conv_relu_bias_kernel<<<num_blocks, block_size>>>(
        input.data_ptr<float>(), weight.data_ptr<float>(), conv_bias.data_ptr<float>(),
        extra_bias.data_ptr<float>(), output.data_ptr<float>(),
        batch_size, in_channels, out_channels, in_h, in_w, kernel_size, out_h, out_w);

    return output;
}
"""

conv_relu_bias_cpp_source = (
    "torch::Tensor conv_relu_bias_cuda(torch::Tensor input, torch::Tensor weight, "
    "torch::Tensor conv_bias, torch::Tensor extra_bias);"
)

conv_relu_bias = load_inline(
    name="conv_relu_bias",
    cpp_sources=conv_relu_bias_cpp_source,
    cuda_sources=conv_relu_bias_source,
    functions=["conv_relu_bias_cuda"],
    verbose=True,
    extra_cflags=[""],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, bias_shape):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.bias = nn.Parameter(torch.randn(bias_shape))
        self.conv_relu_bias = conv_relu_bias

    def forward(self, x):
        return self.conv_relu_bias.conv_relu_bias_cuda(
            x.contiguous(), self.conv.weight.contiguous(), self.conv.bias, self.bias.view(-1)
        )
