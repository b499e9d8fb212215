# Wrapper and forward branches decided from what the task knows (kfix lit test
# input): sizes, ranks, dtypes; `if`s on sizes the task changes are followed when
# every task size takes the same branch.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA = r"""
#include <torch/extension.h>

__global__ void relu_rows_kernel(const float* x, float* y, int inner) {
    const float* xr = x + (size_t)blockIdx.x * inner;
    float* yr = y + (size_t)blockIdx.x * inner;
    for (int c = threadIdx.x; c < inner; c += blockDim.x)
        yr[c] = xr[c] > 0.f ? xr[c] : 0.f;
}

torch::Tensor relu_rows(torch::Tensor x, int64_t axis) {
    auto y = torch::empty_like(x);
    const int64_t inner = x.size(-1);
    const int64_t outer = x.numel() / inner;
    if (outer == 0 || inner == 0) {
        return y;
    }
    bool wide = inner >= 64;
    int threads = 256;
    if (!wide) {
        threads = 64;
    }
    if (axis != x.dim() - 1) {
        TORCH_CHECK(false, "last axis only");
    }
    relu_rows_kernel<<<outer, threads>>>(x.data_ptr<float>(), y.data_ptr<float>(), inner);
    return y;
}
"""

ext = load_inline(name="relu_rows_guard", cpp_sources="torch::Tensor relu_rows(torch::Tensor x, int64_t axis);",
                  cuda_sources=CUDA, functions=["relu_rows"])


class ModelNew(nn.Module):
    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def forward(self, x):
        if x.dim() != 2 or len(x.shape) != 2:
            raise ValueError("2-D input expected")
        axis = self.axis if self.axis >= 0 else self.axis + x.ndim
        if axis != x.ndim - 1:
            x = x.transpose(axis, -1).contiguous()
        if x.dtype not in (torch.float32,):
            x = x.float()
        if not isinstance(x, torch.Tensor) or not x.is_cuda:
            raise TypeError("a CUDA tensor expected")
        if x.shape[-1] > 0 and x.size(0) >= 1:
            return ext.relu_rows(x, axis)
        return torch.relu(x)
