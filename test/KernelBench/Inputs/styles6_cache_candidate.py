# Built extensions kept in dict caches: a module-level dict filled by a getter,
# and a dict on the class filled in __init__ (kfix lit test input).
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
    relu_k<<<(n + 127) / 128, 128>>>(x.data_ptr<float>(), y.data_ptr<float>(), n);
    return y;
}
"""
CPP = "torch::Tensor relu_fwd(torch::Tensor x);"

_BUILDS = {}


def _ext_for(kind):
    if kind not in _BUILDS:
        _BUILDS[kind] = load_inline(name="relu_" + kind, cpp_sources=CPP, cuda_sources=CUDA,
                                    functions=["relu_fwd"])
    return _BUILDS[kind]


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.kind = "f32"

    def forward(self, x):
        return _ext_for(self.kind).relu_fwd(x)
