# The extension cached on the class by a classmethod, its sources local to it;
# a weight shaped by a tuple attribute.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline


class ModelNew(nn.Module):
    _ext = None

    @classmethod
    def _load(cls):
        if cls._ext is None:
            cuda = r"""
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
            cpp = "torch::Tensor scale_fwd(torch::Tensor x, torch::Tensor w);"
            cls._ext = load_inline(name="scale_c", cpp_sources=cpp, cuda_sources=cuda,
                                   functions=["scale_fwd"])
        return cls._ext

    def __init__(self, shape):
        super().__init__()
        self.shape = tuple(shape)
        self.weight = nn.Parameter(torch.ones(self.shape))
        self._load()

    def forward(self, x):
        return self._load().scale_fwd(x, self.weight)
