import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

src = """
#include <torch/extension.h>

__global__ void relu_kernel(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] > 0.f ? x[i] : 0.f;
}

torch::Tensor relu_cuda(torch::Tensor x) {
    auto y = torch::empty_like(x);
    int n = x.numel();
    if (n > 4096) {
        relu_kernel<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), y.data_ptr<float>(), n);
    } else {
        relu_kernel<<<1, 1024>>>(x.data_ptr<float>(), y.data_ptr<float>(), n);
    }
    return y;
}
"""

ext = load_inline(name="relu_branch", cpp_sources="torch::Tensor relu_cuda(torch::Tensor x);",
                  cuda_sources=src, functions=["relu_cuda"])


class ModelNew(nn.Module):
    def forward(self, x):
        return ext.relu_cuda(x)
