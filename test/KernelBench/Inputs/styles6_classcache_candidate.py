# A dict of built extensions on the class, filled in __init__, indexed in forward
# (kfix lit test input).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA = """
#include <torch/extension.h>
__global__ void relu_k(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] > 0.f ? x[i] : 0.f;
}
torch::Tensor relu_fwd(torch::Tensor x) {
    auto y = torch::empty_like(x);
    int n = x.numel();
    relu_k<<<(n + 63) / 64, 64>>>(x.data_ptr<float>(), y.data_ptr<float>(), n);
    return y;
}
"""


class ModelNew(nn.Module):
    _compiled = {}

    def __init__(self):
        super().__init__()
        self.key = "relu"
        if self.key not in ModelNew._compiled:
            ModelNew._compiled[self.key] = load_inline(
                name="relu_cls_cache", cpp_sources="torch::Tensor relu_fwd(torch::Tensor x);",
                cuda_sources=CUDA, functions=["relu_fwd"])

    def forward(self, x):
        return self._compiled[self.key].relu_fwd(x)
