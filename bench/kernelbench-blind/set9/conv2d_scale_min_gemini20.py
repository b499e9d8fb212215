import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Fused kernel: conv2d (valid padding, stride 1) + scale + min over channels.
conv_scale_min_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cfloat>

__global__ void conv_scale_min_kernel(
    const float* __restrict__ x,
    const float* __restrict__ weight,
    const float* __restrict__ bias,
    float* __restrict__ out,
    int batch, int in_channels, int out_channels,
    int height, int width, int kernel_size,
    int out_h, int out_w, float scale) {

    int index = blockIdx.x * blockDim.x + threadIdx.x;
    int total = batch * out_h * out_w;
    if (index >= total) return;

    int ow = index % out_w;
    int oh = (index / out_w) % out_h;
    int n = index / (out_w * out_h);

    float min_val = FLT_MAX;
    for (int oc = 0; oc < out_channels; ++oc) {
        float sum = bias[oc];
        for (int ic = 0; ic < in_channels; ++ic) {
            const float* x_ptr = x + ((n * in_channels + ic) * height + oh) * width + ow;
            const float* w_ptr = weight + ((oc * in_channels + ic) * kernel_size) * kernel_size;
            for (int kh = 0; kh < kernel_size; ++kh) {
                for (int kw = 0; kw < kernel_size; ++kw) {
                    sum += x_ptr[kh * width + kw] * w_ptr[kh * kernel_size + kw];
                }
            }
        }
        sum *= scale;
        min_val = fminf(min_val, sum);
    }
    out[index] = min_val;
}

torch::Tensor conv_scale_min_cuda(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, float scale) {
    int batch = x.size(0);
    int in_channels = x.size(1);
    int height = x.size(2);
    int width = x.size(3);
    int out_channels = weight.size(0);
    int kernel_size = weight.size(2);
    int out_h = height - kernel_size + 1;
    int out_w = width - kernel_size + 1;

    auto out = torch::empty({batch, 1, out_h, out_w}, x.options());

    int total = batch * out_h * out_w;
    int block_size = 256;
    int num_blocks = (total + block_size - 1) / block_size;

    conv_scale_min_kernel<<<num_blocks, block_size>>>(
        x.data_ptr<float>(), weight.data_ptr<float>(), bias.data_ptr<float>(), out.data_ptr<float>(),
        batch, in_channels, out_channels, height, width, kernel_size, out_h, out_w, scale);

    return out;
}
"""

conv_scale_min_cpp_source = "torch::Tensor conv_scale_min_cuda(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, float scale);"

conv_scale_min = load_inline(
    name="conv_scale_min",
    cpp_sources=conv_scale_min_cpp_source,
    cuda_sources=conv_scale_min_source,
    functions=["conv_scale_min_cuda"],
    verbose=True,
)


class ModelNew(nn.Module):
    """
    Model that performs a convolution, scales the output, and then applies a minimum operation,
    all in one fused custom CUDA kernel.
    """

    def __init__(self, in_channels, out_channels, kernel_size, scale_factor):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.scale_factor = scale_factor
        self.conv_scale_min = conv_scale_min

    def forward(self, x):
        x = x.contiguous()
        weight = self.conv.weight.contiguous()
        bias = self.conv.bias.contiguous()
        return self.conv_scale_min.conv_scale_min_cuda(x, weight, bias, self.scale_factor)
