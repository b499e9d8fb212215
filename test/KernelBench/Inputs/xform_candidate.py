import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

src = r"""
#include <torch/extension.h>

__global__ void add4(const float* a, const float* b, const float* c, const float* d,
                     float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i] + c[i] + d[i];
}

torch::Tensor add4_cuda(torch::Tensor a, torch::Tensor b, torch::Tensor c, torch::Tensor d) {
    auto out = torch::empty_like(a);
    int n = a.numel();
    add4<<<(n + 255) / 256, 256>>>(a.data_ptr<float>(), b.data_ptr<float>(),
                                  c.data_ptr<float>(), d.data_ptr<float>(),
                                  out.data_ptr<float>(), n);
    return out;
}
"""

mod = load_inline(name="add4", cpp_sources="torch::Tensor add4_cuda(torch::Tensor a, torch::Tensor b, torch::Tensor c, torch::Tensor d);",
                  cuda_sources=src, functions=["add4_cuda"])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p, q, m, n):
        return mod.add4_cuda(p, q, m, n)
