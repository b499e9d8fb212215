import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

conv1d_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void conv1d_dilated_strided_kernel(
    const float* input, const float* weight, float* output,
    int batch_size, int in_channels, int out_channels,
    int input_length, int output_length,
    int kernel_size, int stride, int dilation) {

    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int total = batch_size * out_channels * output_length;
    if (idx >= total) return;

    int o = idx % output_length;
    int oc = (idx / output_length) % out_channels;
    int b = idx / (output_length * out_channels);

    float sum = 0.0f;
    for (int ic = 0; ic < in_channels; ++ic) {
        for (int k = 0; k < kernel_size; ++k) {
            int pos = o * stride + k * dilation;
            if (pos >= 0 && pos < input_length) {
                sum += input[b * in_channels * input_length + ic * input_length + pos] *
                       weight[oc * in_channels * kernel_size + ic * kernel_size + k];
            }
        }
    }
    output[idx] = sum;
}

torch::Tensor conv1d_dilated_strided_cuda(torch::Tensor input, torch::Tensor weight, int stride, int dilation) {
    int batch_size = input.size(0);
    int in_channels = input.size(1);
    int input_length = input.size(2);
    int out_channels = weight.size(0);
    int kernel_size = weight.size(2);

    int output_length = (input_length - kernel_size) / stride + 1;

    auto output = torch::zeros({batch_size, out_channels, output_length}, input.options());

    int total = batch_size * out_channels * output_length;
    const int block_size = 256;
    const int num_blocks = (total + block_size - 1) / block_size;

    conv1d_dilated_strided_kernel<<<num_blocks, block_size>>>(
        input.data_ptr<float>(), weight.data_ptr<float>(), output.data_ptr<float>(),
        batch_size, in_channels, out_channels, input_length, output_length,
        kernel_size, stride, dilation);

    return output;
}
"""

conv1d_cpp_source = "torch::Tensor conv1d_dilated_strided_cuda(torch::Tensor input, torch::Tensor weight, int stride, int dilation);"

conv1d_dilated_strided = load_inline(
    name="conv1d_dilated_strided",
    cpp_sources=conv1d_cpp_source,
    cuda_sources=conv1d_source,
    functions=["conv1d_dilated_strided_cuda"],
    verbose=True,
    extra_cflags=[""],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1, dilation: int = 1, bias: bool = False):
        super(ModelNew, self).__init__()
        self.conv1d = nn.Conv1d(in_channels, out_channels, kernel_size, stride=stride, dilation=dilation, bias=bias)
        self.stride = stride
        self.dilation = dilation
        self.conv1d_dilated_strided = conv1d_dilated_strided

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv1d_dilated_strided.conv1d_dilated_strided_cuda(x, self.conv1d.weight, self.stride, self.dilation)
