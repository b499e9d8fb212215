# A builder function (sources local to it) called in __init__ and at module level.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline


def build_scale():
    kernel = r"""
#include <torch/extension.h>
__global__ void scale_kernel(const float* x, const float* w, float* y, int n, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * w[i % cols] * 2.0f;
}
torch::Tensor scale_fwd(torch::Tensor x, torch::Tensor w) {
    auto y = torch::empty_like(x);
    const int n = x.numel();
    scale_kernel<<<(n + 127) / 128, 128>>>(x.data_ptr<float>(), w.data_ptr<float>(),
                                           y.data_ptr<float>(), n, x.size(1));
    return y;
}
"""
    decl = "torch::Tensor scale_fwd(torch::Tensor x, torch::Tensor w);"
    module = load_inline(name="scale_e", cpp_sources=decl, cuda_sources=kernel,
                         functions=["scale_fwd"])
    return module


class ModelNew(nn.Module):
    def __init__(self, shape):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(shape))
        self.ext = build_scale()

    def forward(self, x):
        return self.ext.scale_fwd(x, self.weight)
