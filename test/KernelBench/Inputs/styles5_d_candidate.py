# The extension built in the class body; forward branches on a flag and on an
# optional module parameter (Linear(bias=use_bias) with use_bias False).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

SRC = r"""
#include <torch/extension.h>
__global__ void scale_kernel(const float* x, const float* w, float* y, int n, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * w[i % cols] * 2.0f;
}
torch::Tensor scale_fwd(torch::Tensor x, torch::Tensor w) {
    auto y = torch::empty_like(x);
    const int n = x.numel();
    scale_kernel<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), w.data_ptr<float>(),
                                           y.data_ptr<float>(), n, x.size(1));
    return y;
}
"""


class ModelNew(nn.Module):
    kernels = load_inline(name="scale_d", cpp_sources="torch::Tensor scale_fwd(torch::Tensor x, torch::Tensor w);",
                          cuda_sources=SRC, functions=["scale_fwd"])

    def __init__(self, shape, use_bias=False):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(shape))
        self.proj = nn.Linear(4, 4, bias=use_bias)
        self.fast = True

    def forward(self, x):
        if self.fast and self.proj.bias is None:
            y = self.kernels.scale_fwd(x, self.weight)
        else:
            y = x * self.weight * 2.0
        if self.proj.bias is not None:
            y = y + 1.0
        return y
