import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

source = """
#include <torch/extension.h>

__global__ void scaled_relu(const float* x, const float* scale, const float* bias, bool has_bias,
                            float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = fmaxf(x[i], 0.0f) * scale[0];
        if (has_bias) v += bias[i];
        y[i] = v;
    }
}

torch::Tensor scaled_relu_cuda(torch::Tensor x, torch::Tensor scale, c10::optional<torch::Tensor> bias) {
    auto y = torch::empty_like(x);
    int n = x.numel();
    bool has_bias = bias.has_value() && bias.value().defined();
    const float* b = has_bias ? bias.value().data_ptr<float>() : nullptr;
    scaled_relu<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), scale.data_ptr<float>(), b, has_bias,
                                         y.data_ptr<float>(), n);
    return y;
}
"""

ext = load_inline(
    name="scaled_relu_ext",
    cpp_sources="torch::Tensor scaled_relu_cuda(torch::Tensor x, torch::Tensor scale, c10::optional<torch::Tensor> bias);",
    cuda_sources=source,
    functions=["scaled_relu_cuda"],
)


class ModelNew(nn.Module):
    def __init__(self, init_scale):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(init_scale))

    def forward(self, x):
        return ext.scaled_relu_cuda(x, self.scale, None)
