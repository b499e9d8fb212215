import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Custom CUDA kernel fusing convolution, subtraction and tanh
conv_sub_tanh_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void conv_sub_tanh_kernel(
    const float* __restrict__ input,
    const float* __restrict__ weight,
    const float* __restrict__ bias,
    float* __restrict__ output,
    int batch_size, int in_channels, int out_channels,
    int height, int width, int kernel_size,
    int out_height, int out_width,
    float subtract_value) {

    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int total = batch_size * out_channels * out_height * out_width;
    if (idx >= total) return;

    int w_out = idx % out_width;
    int h_out = (idx / out_width) % out_height;
    int oc = (idx / (out_width * out_height)) % out_channels;
    int b = idx / (out_width * out_height * out_channels);

    float sum = bias[oc];
    for (int ic = 0; ic < in_channels; ++ic) {
        for (int kh = 0; kh < kernel_size; ++kh) {
            for (int kw = 0; kw < kernel_size; ++kw) {
                int h_in = h_out + kh;
                int w_in = w_out + kw;
                int input_idx = ((b * in_channels + ic) * height + h_in) * width + w_in;
                int weight_idx = ((oc * in_channels + ic) * kernel_size + kh) * kernel_size + kw;
                sum += input[input_idx] * weight[weight_idx];
            }
        }
    }

    output[idx] = tanhf(sum - subtract_value);
}

torch::Tensor conv_sub_tanh_cuda(torch::Tensor input, torch::Tensor weight, torch::Tensor bias, float subtract_value) {
    int batch_size = input.size(0);
    int in_channels = input.size(1);
    int height = input.size(2);
    int width = input.size(3);
    int out_channels = weight.size(0);
    int kernel_size = weight.size(2);

    int out_height = height - kernel_size + 1;
    int out_width = width - kernel_size + 1;

    auto output = torch::empty({batch_size, out_channels, out_height, out_width}, input.options());

    int total = batch_size * out_channels * out_height * out_width;
    const int block_size = 256;
    const int num_blocks = (total + block_size - 1) / block_size;

    conv_sub_tanh_kernel<<<num_blocks, block_size>>>(
        input.data_ptr<float>(),
        weight.data_ptr<float>(),
        bias.data_ptr<float>(),
        output.data_ptr<float>(),
        batch_size, in_channels, out_channels,
        height, width, kernel_size,
        out_height, out_width,
        subtract_value);

    return output;
}
"""

conv_sub_tanh_cpp_source = "torch::Tensor conv_sub_tanh_cuda(torch::Tensor input, torch::Tensor weight, torch::Tensor bias, float subtract_value);"

# Compile the inline CUDA code
conv_sub_tanh = load_inline(
    name="conv_sub_tanh",
    cpp_sources=conv_sub_tanh_cpp_source,
    cuda_sources=conv_sub_tanh_source,
    functions=["conv_sub_tanh_cuda"],
    verbose=True,
    extra_cflags=[""],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    """
    Optimized model that fuses convolution, subtraction and tanh into one CUDA kernel.
    """
    def __init__(self, in_channels, out_channels, kernel_size, subtract_value):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.subtract_value = subtract_value
        self.conv_sub_tanh = conv_sub_tanh

    def forward(self, x):
        x = x.contiguous()
        return self.conv_sub_tanh.conv_sub_tanh_cuda(x, self.conv.weight, self.conv.bias, self.subtract_value)
