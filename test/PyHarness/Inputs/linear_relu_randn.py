import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.cpp_extension import load_inline

# The ReLU kernel is right; the weights are drawn with torch.randn instead of
# keeping nn.Linear (whose initialisation the reference uses).
source = """
#include <torch/extension.h>

__global__ void relu_kernel(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

torch::Tensor relu_cuda(torch::Tensor x) {
    auto out = torch::empty_like(x);
    int n = x.numel();
    relu_kernel<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), n);
    return out;
}
"""

ext = load_inline(name="linear_relu_randn_ext", cpp_sources="torch::Tensor relu_cuda(torch::Tensor x);",
                  cuda_sources=source, functions=["relu_cuda"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features))
        self.bias = nn.Parameter(torch.zeros(out_features))

    def forward(self, x):
        return ext.relu_cuda(F.linear(x.cuda(), self.weight, self.bias).contiguous())
