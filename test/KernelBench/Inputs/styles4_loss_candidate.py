# Source through `%` with a tuple; the wrapper returns a one-element tensor and
# forward returns its element 0.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

BLOCK = 256

cuda_src = """
#include <torch/extension.h>

__global__ void mean_sq_kernel(const %s* x, %s* acc, int n) {
    int i = blockIdx.x * %d + threadIdx.x;
    if (i < n) atomicAdd(acc, x[i] * x[i] / (float)n);
}

torch::Tensor mean_sq(torch::Tensor x) {
    auto acc = torch::zeros({1}, x.options());
    int n = x.numel();
    mean_sq_kernel<<<(n + %d - 1) / %d, %d>>>(x.data_ptr<float>(), acc.data_ptr<float>(), n);
    return acc;
}
""" % ("float", "float", BLOCK, BLOCK, BLOCK, BLOCK)

ext = load_inline(name="mean_sq4", cpp_sources="torch::Tensor mean_sq(torch::Tensor x);",
                  cuda_sources=cuda_src, functions=["mean_sq"])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        res = ext.mean_sq(x.contiguous())
        return res[0]
