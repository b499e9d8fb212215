# An optional bias (c10::optional, None from nn.Linear(bias=False)) passed as a
# null pointer; the kernel tests a has_bias flag.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_src = r"""
#include <torch/extension.h>
#include <c10/util/Optional.h>

__global__ void linear_relu_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                   const float* __restrict__ bias, float* __restrict__ y,
                                   int batch, int in_f, int out_f, bool has_bias) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y;
    if (row >= batch || col >= out_f) return;
    float acc = 0.0f;
    for (int k = 0; k < in_f; ++k)
        acc += x[row * in_f + k] * w[col * in_f + k];
    if (has_bias)
        acc += bias[col];
    y[row * out_f + col] = acc > 0.0f ? acc : 0.0f;
}

torch::Tensor linear_relu(torch::Tensor x, torch::Tensor w, c10::optional<torch::Tensor> bias) {
    const int batch = x.size(0);
    const int in_f = x.size(1);
    const int out_f = w.size(0);
    auto y = torch::empty({batch, out_f}, x.options());
    const bool has_bias = bias.has_value();
    const float* bias_ptr = has_bias ? bias->data_ptr<float>() : nullptr;
    dim3 block(128);
    dim3 grid((out_f + block.x - 1) / block.x, batch);
    linear_relu_kernel<<<grid, block>>>(x.data_ptr<float>(), w.data_ptr<float>(), bias_ptr,
                                        y.data_ptr<float>(), batch, in_f, out_f, has_bias);
    return y;
}
"""

cpp_src = "torch::Tensor linear_relu(torch::Tensor x, torch::Tensor w, c10::optional<torch::Tensor> bias);"

ext = load_inline(name="linear_relu_nb", cpp_sources=cpp_src, cuda_sources=cuda_src,
                  functions=["linear_relu"])


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features, bias=False)

    def forward(self, x):
        return ext.linear_relu(x, self.fc.weight, self.fc.bias)
